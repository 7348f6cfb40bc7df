import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@/lib/app-version';
import {
  keepOfflineCache,
  OFFLINE_CACHE_MAX_AGE_MS,
  restoreOfflineCache,
  type OfflineCacheStore,
  type OfflineSnapshot,
} from './offline-cache';

const ME = ['profiles', 'me'];
const SAVED_POSTS = ['collections', 'saved-posts'];
const COLLECTIONS = ['collections', 'list'];
const SOMEONE_ELSE = ['profiles', 'detail', 'sam'];
const FEED = ['feed', 'for-you'];

function memoryStore(): OfflineCacheStore & { rows: Map<string, OfflineSnapshot> } {
  const rows = new Map<string, OfflineSnapshot>();
  return {
    rows,
    read: (userId) => Promise.resolve(rows.get(userId)),
    write: (userId, snapshot) => Promise.resolve(void rows.set(userId, snapshot)),
    remove: (userId) => Promise.resolve(void rows.delete(userId)),
    clear: () => Promise.resolve(rows.clear()),
  };
}

const keysOf = (snapshot: OfflineSnapshot | undefined) =>
  snapshot?.state.queries.map((query) => query.queryKey) ?? [];

describe('offline cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 8, 12) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps only the member's own profile, saved posts and collections, under their id", async () => {
    const client = new QueryClient();
    const store = memoryStore();
    const stop = keepOfflineCache(client, store, 'ada');

    client.setQueryData(ME, { username: 'ada' });
    client.setQueryData(SAVED_POSTS, { pages: [{ items: [{ id: '1' }] }], pageParams: [undefined] });
    client.setQueryData(COLLECTIONS, [{ id: '9' }]);
    client.setQueryData(SOMEONE_ELSE, { username: 'sam' });
    client.setQueryData(FEED, { pages: [], pageParams: [] });
    await vi.advanceTimersByTimeAsync(1_000);

    expect([...store.rows.keys()]).toEqual(['ada']);
    expect(keysOf(store.rows.get('ada'))).toEqual([ME, SAVED_POSTS, COLLECTIONS]);
    expect(store.rows.get('ada')).toMatchObject({ version: APP_VERSION, savedAt: Date.now() });
    stop();
  });

  it('writes once for a burst of changes, and not at all once stopped', async () => {
    const client = new QueryClient();
    const store = memoryStore();
    const write = vi.spyOn(store, 'write');
    const stop = keepOfflineCache(client, store, 'ada');

    client.setQueryData(ME, { username: 'ada' });
    client.setQueryData(ME, { username: 'ada2' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(write).toHaveBeenCalledOnce();

    client.setQueryData(ME, { username: 'ada3' });
    stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(write).toHaveBeenCalledOnce();
  });

  it("puts a member's kept queries back after a reload, and no one else's", async () => {
    const before = new QueryClient();
    const store = memoryStore();
    const stop = keepOfflineCache(before, store, 'ada');
    before.setQueryData(ME, { username: 'ada' });
    await vi.advanceTimersByTimeAsync(1_000);
    stop();

    const reloaded = new QueryClient();
    await restoreOfflineCache(reloaded, store, 'sam');
    expect(reloaded.getQueryData(ME)).toBeUndefined();
    await restoreOfflineCache(reloaded, store, 'ada');
    expect(reloaded.getQueryData(ME)).toEqual({ username: 'ada' });
    // Only a stand-in: whatever shows it asks the api again.
    expect(reloaded.getQueryCache().find({ queryKey: ME })?.isStaleByTime(Infinity)).toBe(true);
  });

  it('drops a snapshot another build wrote, or one older than a week', async () => {
    const store = memoryStore();
    const state = { mutations: [], queries: [] };
    store.rows.set('ada', { version: 'older-build', savedAt: Date.now(), state });
    store.rows.set('sam', {
      version: APP_VERSION,
      savedAt: Date.now() - OFFLINE_CACHE_MAX_AGE_MS - 1,
      state,
    });

    await restoreOfflineCache(new QueryClient(), store, 'ada');
    await restoreOfflineCache(new QueryClient(), store, 'sam');

    expect(store.rows.size).toBe(0);
  });
});
