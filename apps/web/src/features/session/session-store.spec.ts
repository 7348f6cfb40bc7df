import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type Session as AuthSession } from '@datebook/contracts';
import { ApiError } from '@/lib/api-error';
import type { KnownSession, SessionPresence } from './session-presence';
import { SessionStore } from './session-store';

const NOW = Date.UTC(2026, 0, 1, 12);

function authSession(generation: number, expiresInSeconds = 900, aal: 'aal1' | 'aal2' = 'aal1'): AuthSession {
  return {
    accessToken: `access-${generation}`,
    tokenType: 'bearer',
    expiresIn: expiresInSeconds,
    expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
    aal,
    nextAal: 'aal1',
    user: {
      id: 'user-1',
      email: 'ada@example.com',
      emailConfirmedAt: null,
      newEmail: null,
      username: 'ada',
      accessType: 'standard',
      factors: [],
    },
  };
}

/** localStorage as several tabs share it: a change reaches every other tab's listener. */
function sharedPresence(initial: string | null) {
  let stored = initial;
  const tabs = new Set<(marker: string | null) => void>();
  const presenceForTab = (): SessionPresence => {
    let own: ((marker: string | null) => void) | undefined;
    return {
      read: () => stored,
      write: (marker) => {
        const changed = marker !== stored;
        stored = marker;
        // Like the `storage` event: only a change is heard, and only by the other tabs.
        if (changed) {
          tabs.forEach((listener) => listener !== own && listener(marker));
        }
      },
      onExternalChange: (listener) => {
        own = listener;
        tabs.add(listener);
        return () => tabs.delete(listener);
      },
    };
  };
  return { presenceForTab, stored: () => stored };
}

/** The known session's storage, in memory. */
function memoryKnownSession(): KnownSession {
  let stored: AuthSession | null = null;
  return {
    read: () => Promise.resolve(stored),
    write: (session) => {
      stored = session;
    },
  };
}

/** A lock shared by the tabs: tasks run one after another, as navigator.locks runs them. */
function sharedLock() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}

/**
 * The api's refresh endpoint behind the browser's one cookie jar: each call rotates the cookie and
 * answers a new access token after a short delay. It counts calls that overlap, which the tabs'
 * lock must prevent.
 */
function refreshEndpoint(aal: () => 'aal1' | 'aal2' = () => 'aal1') {
  let generation = 1;
  let running = 0;
  const endpoint = Object.assign(
    vi.fn(() => {
      running += 1;
      endpoint.overlapping = Math.max(endpoint.overlapping, running);
      generation += 1;
      const next = authSession(generation, 900, aal());
      return new Promise<AuthSession>((resolve) =>
        setTimeout(() => {
          running -= 1;
          resolve(next);
        }, 100),
      );
    }),
    { overlapping: 0 },
  );
  return endpoint;
}

const refused = () =>
  Promise.reject(
    new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: messages.auth.refreshTokenInvalid }),
  );

function tab(
  presence: ReturnType<typeof sharedPresence>,
  lock: ReturnType<typeof sharedLock>,
  refresh: () => Promise<AuthSession>,
) {
  return new SessionStore({ presence: presence.presenceForTab(), exclusively: lock, refresh });
}

/** A tab of a browser that holds a session, once it has restored it. */
async function restoredTab(refresh = refreshEndpoint()) {
  const presence = sharedPresence('user-1.aal1');
  const store = tab(presence, sharedLock(), refresh);
  await vi.advanceTimersByTimeAsync(100);
  return { store, refresh, presence };
}

describe('SessionStore', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores the session of a reloaded page from the refresh cookie, and api calls wait for it', async () => {
    const refresh = refreshEndpoint();
    const store = tab(sharedPresence('user-1.aal1'), sharedLock(), refresh);
    expect(store.isRestoring()).toBe(true);
    const token = store.accessToken();

    await vi.advanceTimersByTimeAsync(100);

    await expect(token).resolves.toBe('access-2');
    expect(store.isRestoring()).toBe(false);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it("spares a visitor's page load the refresh call", async () => {
    const refresh = refreshEndpoint();
    const store = tab(sharedPresence(null), sharedLock(), refresh);
    expect(store.isRestoring()).toBe(false);
    await expect(store.accessToken()).resolves.toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes a minute before the access token expires, and again after each refresh', async () => {
    const { store, refresh } = await restoredTab();
    expect(refresh).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(839_000);
    expect(refresh).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(1_000 + 100);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()?.accessToken).toBe('access-3');

    await vi.advanceTimersByTimeAsync(840_000 + 100);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(store.getSnapshot()?.accessToken).toBe('access-4');
  });

  it('refreshes first when asked for a token that is about to expire', async () => {
    const refresh = refreshEndpoint();
    const store = tab(sharedPresence(null), sharedLock(), refresh);
    store.set(authSession(1, 30));

    const token = store.accessToken();
    await vi.advanceTimersByTimeAsync(100);

    await expect(token).resolves.toBe('access-2');
  });

  it('sends one refresh request for any number of callers in a tab', async () => {
    const { store, refresh } = await restoredTab();

    const renewals = Promise.all([
      store.renewAfterRejection('access-2'),
      store.renewAfterRejection('access-2'),
      store.refresh().then((session) => session?.accessToken),
    ]);
    await vi.advanceTimersByTimeAsync(100);

    await expect(renewals).resolves.toEqual(['access-3', 'access-3', 'access-3']);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('lets tabs refresh one at a time, each getting its own access token', async () => {
    const presence = sharedPresence('user-1.aal1');
    const lock = sharedLock();
    const refresh = refreshEndpoint();
    const tabs = [tab(presence, lock, refresh), tab(presence, lock, refresh), tab(presence, lock, refresh)];
    await vi.advanceTimersByTimeAsync(300);

    expect(refresh).toHaveBeenCalledTimes(3);
    expect(refresh.overlapping).toBe(1);
    expect(new Set(tabs.map((store) => store.getSnapshot()?.accessToken)).size).toBe(3);
  });

  it('retries a rejected request with the token another request already renewed, without refreshing', async () => {
    const { store, refresh } = await restoredTab();
    const renewal = store.refresh();
    await vi.advanceTimersByTimeAsync(100);
    await renewal;

    await expect(store.renewAfterRejection('access-2')).resolves.toBe('access-3');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('signs out in every tab when the refresh is refused', async () => {
    const presence = sharedPresence(null);
    const lock = sharedLock();
    const refresh = vi.fn<() => Promise<AuthSession>>().mockResolvedValueOnce(authSession(2));
    refresh.mockImplementation(refused);
    const store = tab(presence, lock, refresh);
    store.set(authSession(1));
    const otherTab = tab(presence, lock, refresh);
    await vi.advanceTimersByTimeAsync(0);
    expect(otherTab.getSnapshot()?.accessToken).toBe('access-2');
    const listener = vi.fn();
    otherTab.subscribe(listener);

    await expect(store.renewAfterRejection('access-1')).resolves.toBeNull();

    expect(store.getSnapshot()).toBeNull();
    expect(otherTab.getSnapshot()).toBeNull();
    expect(presence.stored()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps the session when the api cannot be reached, and tries again soon', async () => {
    const offline = vi
      .fn<() => Promise<AuthSession>>()
      .mockRejectedValueOnce(
        new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected }),
      )
      .mockResolvedValueOnce(authSession(2));
    const store = new SessionStore({
      presence: sharedPresence(null).presenceForTab(),
      exclusively: sharedLock(),
      refresh: offline,
      retryMs: 5_000,
    });
    store.set(authSession(1));

    await expect(store.refresh()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(store.getSnapshot()?.accessToken).toBe('access-1');

    await vi.advanceTimersByTimeAsync(5_000);
    expect(offline).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()?.accessToken).toBe('access-2');
  });

  it('opens a page reloaded offline as the member known from last time, without a token, until the api answers', async () => {
    const known = memoryKnownSession();
    const online = new SessionStore({
      presence: sharedPresence(null).presenceForTab(),
      exclusively: sharedLock(),
      refresh: refreshEndpoint(),
      known,
    });
    online.set(authSession(1));
    expect(await known.read()).toMatchObject({ accessToken: '', expiresAt: 0, user: { id: 'user-1' } });

    const refresh = vi
      .fn<() => Promise<AuthSession>>()
      .mockRejectedValueOnce(
        new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected }),
      )
      .mockResolvedValueOnce(authSession(2));
    const reloaded = new SessionStore({
      presence: sharedPresence('user-1.aal1').presenceForTab(),
      exclusively: sharedLock(),
      refresh,
      retryMs: 5_000,
      known,
    });
    await vi.advanceTimersByTimeAsync(0);

    expect(reloaded.isRestoring()).toBe(false);
    expect(reloaded.getSnapshot()).toMatchObject({ accessToken: '', user: { username: 'ada' } });
    expect(reloaded.isOfflineStandIn()).toBe(true);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(reloaded.getSnapshot()?.accessToken).toBe('access-2');
    expect(reloaded.isOfflineStandIn()).toBe(false);
  });

  it('forgets the known member on sign-out, and never stands in for one the browser no longer has', async () => {
    const known = memoryKnownSession();
    const store = new SessionStore({
      presence: sharedPresence(null).presenceForTab(),
      exclusively: sharedLock(),
      refresh: refreshEndpoint(),
      known,
    });
    store.set(authSession(1));
    store.forget();
    expect(await known.read()).toBeNull();

    known.write({ ...authSession(1), accessToken: '' });
    const otherMember = new SessionStore({
      presence: sharedPresence('user-2.aal1').presenceForTab(),
      exclusively: sharedLock(),
      refresh: () =>
        Promise.reject(
          new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected }),
        ),
      known,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(otherMember.getSnapshot()).toBeNull();
  });

  it('restores its own session when another tab signs in or passes its second factor, and forgets it on sign-out', async () => {
    const presence = sharedPresence(null);
    let level: 'aal1' | 'aal2' = 'aal1';
    const refresh = refreshEndpoint(() => level);
    const store = tab(presence, sharedLock(), refresh);
    const otherTab = tab(presence, sharedLock(), refresh);

    otherTab.set(authSession(1));
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getSnapshot()?.accessToken).toBe('access-2');

    level = 'aal2';
    otherTab.set(authSession(9, 900, 'aal2'));
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getSnapshot()).toMatchObject({ accessToken: 'access-3', aal: 'aal2' });

    otherTab.forget();
    expect(store.getSnapshot()).toBeNull();
    const calls = refresh.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refresh).toHaveBeenCalledTimes(calls);
  });
});
