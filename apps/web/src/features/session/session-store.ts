import type { Session as AuthSession } from '@datebook/contracts';
import type { ApiAuthorization } from '@/lib/api-authorization';
import { isApiError } from '@/lib/api-error';
import { refreshDelayMs, REFRESH_LEAD_MS } from './refresh-timing';
import type { KnownSession, SessionPresence } from './session-presence';

export interface SessionStoreOptions {
  presence: SessionPresence;
  /** Runs a refresh while no other tab runs one (see withCrossTabLock). */
  exclusively: <T>(task: () => Promise<T>) => Promise<T>;
  /** Trades the refresh cookie for a new session (and cookie). */
  refresh: () => Promise<AuthSession>;
  now?: () => number;
  leadMs?: number;
  /** When a refresh failed for want of a network, how soon to try again. */
  retryMs?: number;
  /**
   * Who was signed in here last, without any token: a page reloaded offline opens as that member
   * (their cached plans and lists), and the session is restored for real once the api answers.
   */
  known?: KnownSession;
}

/**
 * The session of this tab. Its access token lives in memory only; the refresh token is an HttpOnly
 * cookie that every tab of the browser shares and no script can read. A reload (or a new tab)
 * restores the session by refreshing, and each tab refreshes shortly before its access token expires.
 *
 * Refresh tokens rotate, and the cookie jar is shared, so whichever tab refreshes always sends the
 * newest token. Tabs still take turns through a cross-tab lock, so two never present one token at
 * once; should they (a browser without locks), the api's reuse interval answers both alike.
 */
export class SessionStore implements ApiAuthorization {
  private session: AuthSession | null = null;
  private restoring: Promise<unknown> | null = null;
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
    options.presence.onExternalChange((marker) => {
      if (!marker) {
        this.adopt(null);
      } else if (marker !== markerOf(this.session)) {
        // Another tab signed in (or passed its second factor): this one fetches its own access
        // token with the shared cookie.
        void this.restore();
      }
    });
    if (options.presence.read()) {
      void this.restore();
    }
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AuthSession | null => this.session;

  /** True while a reload's session is being restored: signed-in screens wait rather than redirect. */
  isRestoring = (): boolean => this.restoring !== null;

  /** Keeps `session` in this tab, and tells the other tabs which one exists (with null: none). */
  set(session: AuthSession | null): void {
    this.options.presence.write(markerOf(session));
    this.options.known?.write(session && withoutTokens(session));
    this.adopt(session);
  }

  /** True while the tab runs on the member known from last time, the api not yet reached. */
  isOfflineStandIn = (): boolean => this.session !== null && this.session.accessToken === '';

  forget(): void {
    this.set(null);
  }

  async accessToken(): Promise<string | null> {
    await this.restoring;
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
    // Another request already replaced the token this request was sent with.
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
    this.inFlight ??= this.options
      .exclusively(() => this.refreshExclusively())
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private restore(): Promise<unknown> {
    const restoring = this.refresh()
      .catch(() => undefined)
      .finally(() => {
        this.restoring = null;
        this.notify();
      });
    this.restoring = restoring;
    this.notify();
    return restoring;
  }

  private async refreshExclusively(): Promise<AuthSession | null> {
    try {
      const refreshed = await this.options.refresh();
      this.set(refreshed);
      return refreshed;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        // Revoked, expired, reused or never there: nothing will revive it, in any tab.
        this.forget();
        return null;
      }
      // Offline or a server hiccup: the session may well still be good, so keep it and try again.
      // A reload has none yet: it stands in with the member known from last time, token-less.
      if (!this.session) {
        await this.adoptKnown();
      }
      this.scheduleRetry();
      throw error;
    }
  }

  private async adoptKnown(): Promise<void> {
    const known = (await this.options.known?.read()) ?? null;
    const marker = this.options.presence.read();
    // Only the member the browser says is signed in: never one another tab has since signed out.
    if (known && marker === markerOf(known)) {
      this.adopt(known);
    }
  }

  private adopt(session: AuthSession | null): void {
    if (session?.accessToken === this.session?.accessToken) {
      return;
    }
    this.session = session;
    this.scheduleRefresh();
    this.notify();
  }

  private notify(): void {
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
    this.timer = setTimeout(() => void this.refresh().catch(() => undefined), this.retryMs);
  }
}

/** Names the session's user and level for the other tabs; no secret. */
function markerOf(session: AuthSession | null): string | null {
  return session ? `${session.user.id}.${session.aal}` : null;
}

/** A session as kept for a reload offline: who and at what level, no token (expired at once). */
function withoutTokens(session: AuthSession): AuthSession {
  return { ...session, accessToken: '', expiresIn: 0, expiresAt: 0 };
}
