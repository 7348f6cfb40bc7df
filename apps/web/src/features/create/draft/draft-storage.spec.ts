import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexedDbDraftStorage } from './draft-storage';
import { EMPTY_DRAFT } from './post-draft';

/** An IndexedDB whose connections open only when the test says, recording what each request did. */
function fakeIndexedDb() {
  const done: string[] = [];
  const pendingOpens: Array<() => void> = [];
  const request = (what: string) => {
    const pending: { onsuccess?: () => void; result?: unknown } = {};
    queueMicrotask(() => {
      done.push(what);
      pending.onsuccess?.();
    });
    return pending;
  };
  const database = {
    transaction: () => ({
      objectStore: () => ({
        put: (_value: unknown, key: string) => request(`put ${key}`),
        delete: (key: string) => request(`delete ${key}`),
        get: (key: string) => request(`get ${key}`),
      }),
    }),
    close: () => undefined,
  };
  vi.stubGlobal('indexedDB', {
    open: () => {
      const opening: { onsuccess?: () => void; result?: unknown } = {};
      pendingOpens.push(() => {
        opening.result = database;
        opening.onsuccess?.();
      });
      return opening;
    },
  });
  return { done, pendingOpens };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the draft storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs each operation after the one before, so a clear is never overtaken by an earlier write', async () => {
    const db = fakeIndexedDb();
    const write = indexedDbDraftStorage.write('u1', EMPTY_DRAFT);
    const remove = indexedDbDraftStorage.remove('u1');
    await settle();
    // The remove has not even opened its connection while the write is still opening.
    expect(db.pendingOpens).toHaveLength(1);

    db.pendingOpens[0]!();
    await write;
    await settle();
    db.pendingOpens[1]!();
    await remove;

    expect(db.done).toEqual(['put post:u1', 'delete post:u1']);
  });
});
