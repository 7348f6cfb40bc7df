import type { PostDraft } from './post-draft';

const DATABASE = 'datebook-create';
const STORE = 'drafts';
const KEY = 'post';

/**
 * The draft lives in IndexedDB, which keeps the picked files as blobs (local storage could only hold
 * them as large data URLs). Where IndexedDB is missing the draft lasts for the page's life only.
 */
function openDatabase(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') {
    return null;
  }
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is unavailable.'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
): Promise<T | undefined> {
  const opening = openDatabase();
  if (!opening) {
    return undefined;
  }
  const database = await opening;
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
    });
  } finally {
    database.close();
  }
}

export function readStoredDraft(): Promise<PostDraft | undefined> {
  return run<PostDraft>('readonly', (store) => store.get(KEY));
}

export async function writeStoredDraft(draft: PostDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft, KEY));
}

export async function deleteStoredDraft(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
