import type { PostDraft } from './post-draft';

const DATABASE = 'datebook-create';
const STORE = 'drafts';
/** Version 1 kept one draft under this key for whoever was signed in. */
const SHARED_KEY = 'post';

/** Each member's draft has its own key: a shared browser must not show one member's to the next. */
const keyOf = (userId: string) => `post:${userId}`;

/** Where a member's draft outlives a reload. */
export interface DraftStorage {
  read(userId: string): Promise<PostDraft | undefined>;
  write(userId: string, draft: PostDraft): Promise<void>;
  remove(userId: string): Promise<void>;
}

/**
 * The draft lives in IndexedDB, which keeps the picked files as blobs (local storage could only hold
 * them as large data URLs). Where IndexedDB is missing the draft lasts for the page's life only.
 */
function openDatabase(): Promise<IDBDatabase> | null {
  if (typeof indexedDB === 'undefined') {
    return null;
  }
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 2);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion < 1) {
        request.result.createObjectStore(STORE);
      } else {
        // Nobody can tell whose the shared draft was, so nobody gets it.
        request.transaction?.objectStore(STORE).delete(SHARED_KEY);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is unavailable.'));
  });
}

/**
 * Every operation waits for the one before it. Each opens its own connection, and IndexedDB orders
 * transactions only within one: a write sent just before the clear after publishing could otherwise
 * land after it and bring the published draft back.
 */
let previous: Promise<unknown> = Promise.resolve();

function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest,
): Promise<T | undefined> {
  const next = previous.then(
    () => runNow<T>(mode, action),
    () => runNow<T>(mode, action),
  );
  previous = next.catch(() => undefined);
  return next;
}

async function runNow<T>(
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

export const indexedDbDraftStorage: DraftStorage = {
  read: (userId) => run<PostDraft>('readonly', (store) => store.get(keyOf(userId))),
  async write(userId, draft) {
    await run('readwrite', (store) => store.put(draft, keyOf(userId)));
  },
  async remove(userId) {
    await run('readwrite', (store) => store.delete(keyOf(userId)));
  },
};
