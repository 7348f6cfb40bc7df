import { planDocumentSchema, type PlanDocument } from '@datebook/contracts';
import type { PersistedPlanOp, PlanQueueStore } from '@datebook/domain';

/**
 * The browser database of the plan editor, and its stores, both keyed `${userId}:${planId}`: unsent
 * edits, and the plan as the api last sent it (what the editor opens from offline).
 */
export const PLAN_DATABASE = 'datebook-plans';
export const PLAN_QUEUES = 'pending-ops';
export const PLAN_SNAPSHOTS = 'snapshots';
/** 2 added the snapshots beside the queues. */
const PLAN_DATABASE_VERSION = 2;

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
    const opening = indexedDB.open(PLAN_DATABASE, PLAN_DATABASE_VERSION);
    opening.onupgradeneeded = () => {
      const existing = opening.result.objectStoreNames;
      for (const name of [PLAN_QUEUES, PLAN_SNAPSHOTS]) {
        if (!existing.contains(name)) {
          opening.result.createObjectStore(name);
        }
      }
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
/** One opening of the database per store object, on first use; null without IndexedDB. */
function lazyStore(name: string) {
  let database: Promise<IDBDatabase | null> | undefined;
  return async (mode: IDBTransactionMode) => {
    database ??= openDatabase();
    return (await database)?.transaction(name, mode).objectStore(name) ?? null;
  };
}

const key = (planId: string, userId: string) => `${userId}:${planId}`;

export function indexedDbPlanQueueStore(): PlanQueueStore {
  const queues = lazyStore(PLAN_QUEUES);

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

/** The plan as the api last sent it to this member on this device. */
export interface PlanSnapshotStore {
  load(planId: string, userId: string): Promise<PlanDocument | null>;
  save(planId: string, userId: string, document: PlanDocument): Promise<void>;
  remove(planId: string, userId: string): Promise<void>;
  /** Every member's snapshots: sign-out leaves no plan behind on the device. */
  clear(): Promise<void>;
}

/**
 * Keeps the last snapshot of each plan opened here, so a reload or a browser restart offline opens
 * it (with the unsent edits of the queue on top). Without IndexedDB, plans only open online.
 */
export function indexedDbPlanSnapshotStore(): PlanSnapshotStore {
  const snapshots = lazyStore(PLAN_SNAPSHOTS);
  const write = async (change: (store: IDBObjectStore) => IDBRequest) => {
    try {
      const store = await snapshots('readwrite');
      if (store) {
        const written = settled(change(store));
        commitNow(store.transaction);
        await written;
      }
    } catch {
      // Quota or a closed database: the plan still opens online, only not offline.
    }
  };
  return {
    async load(planId, userId) {
      try {
        const store = await snapshots('readonly');
        const saved: unknown = store ? await settled(store.get(key(planId, userId))) : undefined;
        // Written by an older build, or damaged: no snapshot rather than a wrong one.
        const parsed = planDocumentSchema.safeParse(saved);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    save: (planId, userId, document) => write((store) => store.put(document, key(planId, userId))),
    remove: (planId, userId) => write((store) => store.delete(key(planId, userId))),
    clear: () => write((store) => store.clear()),
  };
}
