import type { Session as AuthSession } from '@datebook/contracts';
import type { ApiAuthorization } from '@/lib/api-authorization';
import { isApiError } from '@/lib/api-error';
import { refreshDelayMs, REFRESH_LEAD_MS } from './refresh-timing';
import type { SessionPersistence } from './session-persistence';

export interface SessionStoreOptions {
  persistence: SessionPersistence;
  /** Runs a refresh while no other tab runs one (see withCrossTabLock). */
  exclusively: <T>(task: () => Promise<T>) => Promise<T>;
  /** Trades a refresh token for a new session. */
  refresh: (refreshToken: string) => Promise<AuthSession>;
  now?: () => number;
  leadMs?: number;
  /** When a refresh failed for want of a network, how soon to try again. */
  retryMs?: number;
}

/**
 * The session of this browser: kept in storage shared by every tab, refreshed shortly before its
 * access token expires, and handed to the api client.
 *
 * Refresh tokens rotate, and presenting one that was already rotated revokes the whole session. So a
 * refresh happens once at a time: callers in this tab share one request, and tabs take turns through
 * a cross-tab lock. A tab that gets the lock first looks at storage: when another tab refreshed
 * meanwhile, it adopts that session instead of spending the old, now rotated, token.
 */
export class SessionStore implements ApiAuthorization {
  private session: AuthSession | null;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<AuthSession | null> | null = null;
  private readonly now: () => number;
  private readonly leadMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: SessionStoreOptions) {
    this.now = options.now ?? Date.now;
    this.leadMs = options.leadMs ?? REFRESH_LEAD_MS;
    this.retryMs = options.retryMs ?? 15_000;
    this.session = options.persistence.read();
    options.persistence.onExternalChange((session) => this.adopt(session));
    this.scheduleRefresh();
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AuthSession | null => this.session;

  /** Keeps `session` (or, with null, forgets the current one) in this tab and every other. */
  set(session: AuthSession | null): void {
    this.options.persistence.write(session);
    this.adopt(session);
  }

  forget(): void {
    this.set(null);
  }

  async accessToken(): Promise<string | null> {
    const session = this.session;
    // A tab that slept through its timer refreshes on its next request instead.
    if (session && refreshDelayMs(session.expiresAt, this.now(), this.leadMs) === 0) {
      await this.refresh().catch(() => undefined);
    }
    return this.session?.accessToken ?? null;
  }

  async renewAfterRejection(rejectedToken: string): Promise<string | null> {
    if (!this.session) {
      return null;
    }
    // Another request (or tab) already replaced the token this request was sent with.
    if (this.session.accessToken !== rejectedToken) {
      return this.session.accessToken;
    }
    const renewed = await this.refresh().catch(() => null);
    return renewed?.accessToken ?? null;
  }

  endRejectedSession(): void {
    this.forget();
  }

  /** One refresh for every caller in this tab, and one tab at a time. Null: the session is over. */
  refresh(): Promise<AuthSession | null> {
    // The token to replace is the one known now: by the time the lock is ours, another tab may have
    // replaced it already, and this tab may even have adopted the replacement.
    const staleRefreshToken = this.session?.refreshToken;
    this.inFlight ??= this.options
      .exclusively(() => this.refreshExclusively(staleRefreshToken))
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async refreshExclusively(staleRefreshToken: string | undefined): Promise<AuthSession | null> {
    const stored = this.options.persistence.read();
    if (!stored || stored.refreshToken !== staleRefreshToken) {
      // Another tab refreshed or signed out while this one waited for the lock.
      this.adopt(stored);
      return stored;
    }
    try {
      const refreshed = await this.options.refresh(stored.refreshToken);
      this.set(refreshed);
      return refreshed;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // Revoked, expired or reused: nothing will revive it.
        this.forget();
        return null;
      }
      // Offline or a server hiccup: the session may well still be good, so keep it and try again.
      this.scheduleRetry();
      throw error;
    }
  }

  private adopt(session: AuthSession | null): void {
    if (session?.refreshToken === this.session?.refreshToken) {
      return;
    }
    this.session = session;
    this.scheduleRefresh();
    this.listeners.forEach((listener) => listener());
  }

  private scheduleRefresh(): void {
    clearTimeout(this.timer);
    if (this.session) {
      this.timer = setTimeout(
        () => void this.refresh().catch(() => undefined),
        refreshDelayMs(this.session.expiresAt, this.now(), this.leadMs),
      );
    }
  }

  private scheduleRetry(): void {
    clearTimeout(this.timer);
    if (this.session) {
      this.timer = setTimeout(() => void this.refresh().catch(() => undefined), this.retryMs);
    }
  }
}
