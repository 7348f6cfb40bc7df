import { describe, expect, it, vi } from 'vitest';
import type { PersistedPlanOp } from '@datebook/domain';
import { planDocument } from '../testing/plan-fixtures';
import {
  indexedDbPlanQueueStore,
  indexedDbPlanSnapshotStore,
  PLAN_DATABASE,
  PLAN_QUEUES,
  PLAN_SNAPSHOTS,
} from './indexeddb-plan-queue-store';

interface FakeRequest {
  result: unknown;
  error: null;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
  onupgradeneeded?: (() => void) | null;
}

/**
 * Just enough of IndexedDB for the store (jsdom has none): requests answer asynchronously, values
 * are cloned as the browser clones them, and `rows` shows what is kept.
 */
function fakeIndexedDb() {
  const rows = new Map<string, unknown>();
  const answer = (result: unknown): FakeRequest => {
    const request: FakeRequest = { result, error: null, onsuccess: null, onerror: null };
    queueMicrotask(() => request.onsuccess?.());
    return request;
  };
  const objectStore = {
    get: (key: string) => answer(structuredClone(rows.get(key))),
    put: (value: unknown, key: string) => {
      rows.set(key, structuredClone(value));
      return answer(key);
    },
    delete: (key: string) => {
      rows.delete(key);
      return answer(undefined);
    },
    clear: () => {
      rows.clear();
      return answer(undefined);
    },
  };
  const database = {
    createObjectStore: vi.fn(),
    objectStoreNames: { contains: () => false },
    transaction: vi.fn((name: string) => ({ objectStore: () => ({ ...objectStore, name }) })),
    onversionchange: null,
    close: vi.fn(),
  };
  const factory = {
    open: vi.fn(() => {
      const request: FakeRequest = { result: database, error: null, onsuccess: null, onerror: null };
      queueMicrotask(() => {
        request.onupgradeneeded?.();
        request.onsuccess?.();
      });
      return request;
    }),
  };
  vi.stubGlobal('indexedDB', factory);
  return { rows, factory, database };
}

const op: PersistedPlanOp = {
  opId: '0190d7a8-7a4e-7c3e-9e6f-000000000001',
  op: { type: 'plan.update', field: 'title', value: 'Kept' },
  baseVersion: 3,
  madeAt: '2026-11-24T09:00:00.000Z',
};

describe('indexedDbPlanQueueStore', () => {
  it("keeps each member's unsent edits per plan, and forgets them once none are left", async () => {
    const { rows, factory, database } = fakeIndexedDb();
    const store = indexedDbPlanQueueStore();

    await store.save('42', 'ada', [op]);
    expect(factory.open).toHaveBeenCalledWith(PLAN_DATABASE, 2);
    expect(database.createObjectStore).toHaveBeenCalledWith(PLAN_QUEUES);
    expect([...rows.keys()]).toEqual(['ada:42']);
    await expect(store.load('42', 'ada')).resolves.toEqual([op]);
    await expect(store.load('42', 'sam')).resolves.toEqual([]);
    await expect(store.load('43', 'ada')).resolves.toEqual([]);

    await store.save('42', 'ada', []);
    expect(rows.size).toBe(0);
    expect(factory.open).toHaveBeenCalledTimes(1);
  });

  it('works without persistence where there is no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = indexedDbPlanQueueStore();

    await expect(store.save('42', 'ada', [op])).resolves.toBeUndefined();
    await expect(store.load('42', 'ada')).resolves.toEqual([]);
  });

  it('works without persistence when IndexedDB refuses to open', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('Blocked', 'SecurityError');
      },
    });
    const store = indexedDbPlanQueueStore();

    await expect(store.save('42', 'ada', [op])).resolves.toBeUndefined();
    await expect(store.load('42', 'ada')).resolves.toEqual([]);
  });
});

describe('indexedDbPlanSnapshotStore', () => {
  it("keeps each member's last snapshot of a plan beside the queues, and clears them all", async () => {
    const { rows, database } = fakeIndexedDb();
    const store = indexedDbPlanSnapshotStore();
    const plan = planDocument({ id: '42', title: 'Picnic' });

    await store.save('42', 'ada', plan);
    expect(database.createObjectStore).toHaveBeenCalledWith(PLAN_SNAPSHOTS);
    expect(database.transaction).toHaveBeenCalledWith(PLAN_SNAPSHOTS, 'readwrite');
    await expect(store.load('42', 'ada')).resolves.toEqual(plan);
    await expect(store.load('42', 'sam')).resolves.toBeNull();

    await store.save('43', 'sam', planDocument({ id: '43' }));
    await store.remove('42', 'ada');
    expect([...rows.keys()]).toEqual(['sam:43']);
    await store.clear();
    expect(rows.size).toBe(0);
  });

  it('opens nothing from a snapshot that is not a plan (an older build, damage)', async () => {
    const { rows } = fakeIndexedDb();
    rows.set('ada:42', { id: '42', title: 'half a plan' });
    await expect(indexedDbPlanSnapshotStore().load('42', 'ada')).resolves.toBeNull();
  });
});
