import {
  dehydrate,
  hashKey,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { collectionKeys } from '@/features/collections';
import { profileKeys } from '@/features/profile';
import { APP_VERSION } from '@/lib/app-version';

/**
 * What a member reads offline after a reload (issue 26): their own profile, their saved posts and
 * their collections. Nothing else is kept: other members' pages and feeds change too fast to be
 * worth showing stale, and every kept byte is one more to clear on sign-out.
 */
export const OFFLINE_QUERY_KEYS: readonly QueryKey[] = [
  profileKeys.me(),
  collectionKeys.savedPosts(),
  collectionKeys.list(),
];
const offlineHashes = new Set(OFFLINE_QUERY_KEYS.map((key) => hashKey(key)));

/** A week: older than that, the lists are more likely to mislead than to help. */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Writes wait this long after a change, so a burst of updates is one write. */
const WRITE_DELAY_MS = 1_000;

export function isKeptOffline(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  return offlineHashes.has(query.queryHash) && query.state.status === 'success';
}

/** One member's kept queries, stamped with the build that wrote them and when. */
export interface OfflineSnapshot {
  version: string;
  savedAt: number;
  state: DehydratedState;
}

/** Where snapshots live: one per member, so one account never reads another's on a shared device. */
export interface OfflineCacheStore {
  read(userId: string): Promise<OfflineSnapshot | undefined>;
  write(userId: string, snapshot: OfflineSnapshot): Promise<void>;
  remove(userId: string): Promise<void>;
  /** Everything, every member's: sign-out leaves nothing behind. */
  clear(): Promise<void>;
}

/** The snapshots in their own IndexedDB database; without IndexedDB nothing is kept, nothing fails. */
export function indexedDbOfflineCache(): OfflineCacheStore {
  const store = typeof indexedDB === 'undefined' ? null : createStore('datebook-offline', 'queries');
  const quietly = async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    try {
      return store ? await task() : undefined;
    } catch {
      // Blocked storage or a full disk: the app works as before, only without reading offline.
      return undefined;
    }
  };
  return {
    read: (userId) => quietly(() => get<OfflineSnapshot>(userId, store ?? undefined)),
    write: async (userId, snapshot) => void (await quietly(() => set(userId, snapshot, store ?? undefined))),
    remove: async (userId) => void (await quietly(() => del(userId, store ?? undefined))),
    clear: async () => void (await quietly(() => clear(store ?? undefined))),
  };
}

/**
 * Puts a member's kept queries back into the cache, stale, unless another build or too long ago
 * wrote them (then they are dropped). Data the cache already holds and is newer wins (TanStack's
 * hydrate).
 */
export async function restoreOfflineCache(
  client: QueryClient,
  store: OfflineCacheStore,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const snapshot = await store.read(userId);
  if (!snapshot) {
    return;
  }
  if (snapshot.version !== APP_VERSION || now - snapshot.savedAt > OFFLINE_CACHE_MAX_AGE_MS) {
    await store.remove(userId);
    return;
  }
  hydrate(client, snapshot.state);
  // Kept data stands in while the api cannot answer; it is never taken as fresh. Marked stale, it
  // is asked for again wherever it is shown (a list changed just before a reload included).
  void client.invalidateQueries({ predicate: (query) => offlineHashes.has(query.queryHash) });
}

/** Writes the member's kept queries whenever one of them gets new data; returns the unsubscribe. */
export function keepOfflineCache(
  client: QueryClient,
  store: OfflineCacheStore,
  userId: string,
  now: () => number = Date.now,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const state = dehydrate(client, { shouldDehydrateQuery: isKeptOffline });
    void store.write(userId, { version: APP_VERSION, savedAt: now(), state });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isKeptOffline(event.query)) {
      timer ??= setTimeout(write, WRITE_DELAY_MS);
    }
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
