import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type Session as AuthSession } from '@datebook/contracts';
import { ApiError } from '@/lib/api-error';
import type { SessionPersistence } from './session-persistence';
import { SessionStore } from './session-store';

const NOW = Date.UTC(2026, 0, 1, 12);

function authSession(generation: number, expiresInSeconds = 900): AuthSession {
  return {
    accessToken: `access-${generation}`,
    refreshToken: `refresh-${generation}`,
    tokenType: 'bearer',
    expiresIn: expiresInSeconds,
    expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
    aal: 'aal1',
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

/** localStorage as several tabs share it: a write reaches every other tab's listener. */
function sharedStorage(initial: AuthSession | null) {
  let stored = initial;
  const tabs = new Set<(session: AuthSession | null) => void>();
  const persistenceForTab = (): SessionPersistence => {
    let own: ((session: AuthSession | null) => void) | undefined;
    return {
      read: () => stored,
      write: (session) => {
        stored = session;
        tabs.forEach((listener) => listener !== own && listener(session));
      },
      onExternalChange: (listener) => {
        own = listener;
        tabs.add(listener);
        return () => tabs.delete(listener);
      },
    };
  };
  return { persistenceForTab, stored: () => stored };
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

/** The api's refresh endpoint: each call rotates to the next generation, after a short delay. */
function refreshEndpoint() {
  let generation = 1;
  return vi.fn((refreshToken: string) => {
    if (refreshToken !== `refresh-${generation}`) {
      return Promise.reject(
        new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: messages.auth.refreshTokenInvalid }),
      );
    }
    generation += 1;
    const next = authSession(generation);
    return new Promise<AuthSession>((resolve) => setTimeout(() => resolve(next), 100));
  });
}

function tab(
  storage: ReturnType<typeof sharedStorage>,
  lock: ReturnType<typeof sharedLock>,
  refresh: ReturnType<typeof refreshEndpoint>,
) {
  return new SessionStore({ persistence: storage.persistenceForTab(), exclusively: lock, refresh });
}

describe('SessionStore', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes a minute before the access token expires, and again after each refresh', async () => {
    const storage = sharedStorage(authSession(1));
    const refresh = refreshEndpoint();
    const store = tab(storage, sharedLock(), refresh);

    await vi.advanceTimersByTimeAsync(839_000);
    expect(refresh).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000 + 100);
    expect(refresh).toHaveBeenCalledExactlyOnceWith('refresh-1');
    expect(store.getSnapshot()?.accessToken).toBe('access-2');
    expect(storage.stored()?.refreshToken).toBe('refresh-2');

    await vi.advanceTimersByTimeAsync(840_000 + 100);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()?.accessToken).toBe('access-3');
  });

  it('refreshes first when asked for a token that is about to expire', async () => {
    const refresh = refreshEndpoint();
    const store = tab(sharedStorage(authSession(1, 30)), sharedLock(), refresh);

    const token = store.accessToken();
    await vi.advanceTimersByTimeAsync(100);

    await expect(token).resolves.toBe('access-2');
  });

  it('sends one refresh request for any number of callers in a tab', async () => {
    const refresh = refreshEndpoint();
    const store = tab(sharedStorage(authSession(1)), sharedLock(), refresh);

    const renewals = Promise.all([
      store.renewAfterRejection('access-1'),
      store.renewAfterRejection('access-1'),
      store.refresh().then((session) => session?.accessToken),
    ]);
    await vi.advanceTimersByTimeAsync(100);

    await expect(renewals).resolves.toEqual(['access-2', 'access-2', 'access-2']);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('lets only one of several tabs refresh; the others take the new session from storage', async () => {
    const storage = sharedStorage(authSession(1));
    const lock = sharedLock();
    const refresh = refreshEndpoint();
    const tabs = [tab(storage, lock, refresh), tab(storage, lock, refresh), tab(storage, lock, refresh)];

    // Every tab's timer fires at the same moment.
    await vi.advanceTimersByTimeAsync(840_000 + 100);

    expect(refresh).toHaveBeenCalledOnce();
    expect(tabs.map((store) => store.getSnapshot()?.accessToken)).toEqual([
      'access-2',
      'access-2',
      'access-2',
    ]);
  });

  it('retries a rejected request with the token another request already renewed, without refreshing', async () => {
    const refresh = refreshEndpoint();
    const store = tab(sharedStorage(authSession(1)), sharedLock(), refresh);
    const renewal = store.refresh();
    await vi.advanceTimersByTimeAsync(100);
    await renewal;

    await expect(store.renewAfterRejection('access-1')).resolves.toBe('access-2');
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('signs out in every tab when the refresh token is refused', async () => {
    const storage = sharedStorage(authSession(1));
    const lock = sharedLock();
    const refused = vi.fn(() =>
      Promise.reject(
        new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: messages.auth.refreshTokenInvalid }),
      ),
    );
    const store = new SessionStore({
      persistence: storage.persistenceForTab(),
      exclusively: lock,
      refresh: refused,
    });
    const otherTab = new SessionStore({
      persistence: storage.persistenceForTab(),
      exclusively: lock,
      refresh: refused,
    });
    const listener = vi.fn();
    otherTab.subscribe(listener);

    await expect(store.renewAfterRejection('access-1')).resolves.toBeNull();

    expect(store.getSnapshot()).toBeNull();
    expect(otherTab.getSnapshot()).toBeNull();
    expect(storage.stored()).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps the session when the api cannot be reached, and tries again soon', async () => {
    const offline = vi
      .fn<(refreshToken: string) => Promise<AuthSession>>()
      .mockRejectedValueOnce(
        new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected }),
      )
      .mockResolvedValueOnce(authSession(2));
    const store = new SessionStore({
      persistence: sharedStorage(authSession(1)).persistenceForTab(),
      exclusively: sharedLock(),
      refresh: offline,
      retryMs: 5_000,
    });

    await expect(store.refresh()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(store.getSnapshot()?.accessToken).toBe('access-1');

    await vi.advanceTimersByTimeAsync(5_000);
    expect(offline).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot()?.accessToken).toBe('access-2');
  });

  it('adopts a session another tab stored, and stops refreshing once signed out', async () => {
    const storage = sharedStorage(null);
    const refresh = refreshEndpoint();
    const store = tab(storage, sharedLock(), refresh);
    const otherTab = tab(storage, sharedLock(), refresh);

    otherTab.set(authSession(1));
    expect(store.getSnapshot()?.accessToken).toBe('access-1');

    otherTab.forget();
    expect(store.getSnapshot()).toBeNull();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
