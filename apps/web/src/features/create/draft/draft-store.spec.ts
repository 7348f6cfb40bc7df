import { describe, expect, it, vi } from 'vitest';
import { DraftStore, type SignedInSource } from './draft-store';
import type { DraftStorage } from './draft-storage';
import { EMPTY_DRAFT, type PostDraft } from './post-draft';

const ADA = 'ada-id';
const BEA = 'bea-id';

/** IndexedDB as a map; `slow` holds reads back until `finishReads` answers them, last first. */
function memoryStorage(initial: Record<string, PostDraft> = {}, slow = false) {
  const drafts = new Map(Object.entries(initial));
  const pending: (() => void)[] = [];
  const storage: DraftStorage = {
    read: (userId) =>
      new Promise((resolve) => {
        const answer = () => resolve(drafts.get(userId));
        if (slow) {
          pending.push(answer);
        } else {
          answer();
        }
      }),
    write: (userId, draft) => Promise.resolve(void drafts.set(userId, draft)),
    remove: (userId) => Promise.resolve(void drafts.delete(userId)),
  };
  const finishReads = () =>
    pending
      .splice(0)
      .reverse()
      .forEach((answer) => answer());
  return { storage, drafts, finishReads };
}

/** The session store as the draft store sees it: who is signed in, and word of a change. */
function fakeSession(userId: string | null) {
  let current = userId;
  const listeners = new Set<() => void>();
  const session: SignedInSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => (current ? { user: { id: current } } : null),
  };
  const signInAs = (next: string | null) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
  return { session, signInAs };
}

const titled = (title: string): PostDraft => ({ ...EMPTY_DRAFT, title });
const draftOf = (store: DraftStore) => {
  const snapshot = store.getSnapshot();
  return snapshot.status === 'ready' ? snapshot : null;
};

describe('the create draft store', () => {
  it("keeps each member's draft under their own id", async () => {
    const { storage, drafts } = memoryStorage({ [ADA]: titled("Ada's picnic") });
    const store = new DraftStore(storage, fakeSession(ADA).session);

    store.subscribe(ADA, vi.fn());
    await vi.waitFor(() => expect(draftOf(store)?.draft.title).toBe("Ada's picnic"));
    store.update((draft) => ({ ...draft, description: 'Cheese' }));
    await vi.waitFor(() => expect(drafts.get(ADA)?.description).toBe('Cheese'));

    store.subscribe(BEA, vi.fn());
    await vi.waitFor(() => expect(draftOf(store)).toMatchObject({ userId: BEA, draft: EMPTY_DRAFT }));
    store.update((draft) => ({ ...draft, title: "Bea's walk" }));
    await store.clear(ADA);

    expect(drafts.get(BEA)?.title).toBe("Bea's walk");
    expect(drafts.has(ADA)).toBe(false);
    expect(draftOf(store)?.draft.title).toBe("Bea's walk");
  });

  it('forgets the draft in memory when its member signs out', async () => {
    const { storage } = memoryStorage();
    const { session, signInAs } = fakeSession(ADA);
    const store = new DraftStore(storage, session);
    const listener = vi.fn();
    store.subscribe(ADA, listener);
    await vi.waitFor(() => expect(draftOf(store)).not.toBeNull());
    store.update((draft) => ({ ...draft, title: 'Secret plan' }));
    listener.mockClear();

    signInAs(null);

    expect(store.getSnapshot()).toEqual({ status: 'loading' });
    expect(listener).toHaveBeenCalled();
  });

  it("does not let a slow read of one member's draft land after another signed in", async () => {
    const { storage, finishReads } = memoryStorage({ [ADA]: titled("Ada's picnic") }, true);
    const { session, signInAs } = fakeSession(ADA);
    const store = new DraftStore(storage, session);
    store.subscribe(ADA, vi.fn());

    signInAs(BEA);
    store.subscribe(BEA, vi.fn());
    finishReads();

    await vi.waitFor(() => expect(draftOf(store)).toMatchObject({ userId: BEA, draft: EMPTY_DRAFT }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(draftOf(store)).toMatchObject({ userId: BEA, draft: EMPTY_DRAFT });
  });

  it('keeps the draft while the same member stays signed in (a token refresh)', async () => {
    const { storage } = memoryStorage({ [ADA]: titled("Ada's picnic") });
    const { session, signInAs } = fakeSession(ADA);
    const store = new DraftStore(storage, session);
    store.subscribe(ADA, vi.fn());
    await vi.waitFor(() => expect(draftOf(store)?.draft.title).toBe("Ada's picnic"));

    signInAs(ADA);

    expect(draftOf(store)?.draft.title).toBe("Ada's picnic");
  });
});
