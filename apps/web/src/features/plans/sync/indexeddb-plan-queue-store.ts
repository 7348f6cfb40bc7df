import type { PersistedPlanOp, PlanQueueStore } from '@datebook/domain';

/** The browser database of the plan editor, and its one store: unsent edits by `${userId}:${planId}`. */
export const PLAN_DATABASE = 'datebook-plans';
export const PLAN_QUEUES = 'pending-ops';

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

function commitNow(transaction: IDBTransaction): void {
  // Older engines (and test doubles) commit only on their own.
  if (typeof transaction.commit === 'function') {
    transaction.commit();
  }
}

/** Null where there is no IndexedDB or it refuses (private windows, blocked storage). */
async function openDatabase(): Promise<IDBDatabase | null> {
  try {
    if (typeof indexedDB === 'undefined') {
      return null;
    }
    const opening = indexedDB.open(PLAN_DATABASE, 1);
    opening.onupgradeneeded = () => {
      opening.result.createObjectStore(PLAN_QUEUES);
    };
    const database = await settled(opening);
    // Another tab upgrading the database must not wait for this one.
    database.onversionchange = () => database.close();
    return database;
  } catch {
    return null;
  }
}

/**
 * Keeps a member's unsent plan edits in IndexedDB so a reload (or a crash) loses none. Without
 * IndexedDB, or when it fails, edits still work: they just do not survive a reload.
 */
export function indexedDbPlanQueueStore(): PlanQueueStore {
  let database: Promise<IDBDatabase | null> | undefined;
  const queues = async (mode: IDBTransactionMode) => {
    database ??= openDatabase();
    return (await database)?.transaction(PLAN_QUEUES, mode).objectStore(PLAN_QUEUES) ?? null;
  };
  const key = (planId: string, userId: string) => `${userId}:${planId}`;

  return {
    async load(planId, userId) {
      try {
        const store = await queues('readonly');
        const saved: unknown = store ? await settled(store.get(key(planId, userId))) : undefined;
        return Array.isArray(saved) ? (saved as PersistedPlanOp[]) : [];
      } catch {
        return [];
      }
    },
    async save(planId, userId, ops) {
      try {
        const store = await queues('readwrite');
        if (!store) {
          return;
        }
        const id = key(planId, userId);
        const written = ops.length === 0 ? settled(store.delete(id)) : settled(store.put([...ops], id));
        // Commit now rather than when the event loop next idles: a tab closed meanwhile would lose it.
        commitNow(store.transaction);
        await written;
      } catch {
        // Quota or a closed database: these edits are still sent, only not kept across a reload.
      }
    },
  };
}
