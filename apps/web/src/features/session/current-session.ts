import type { SignInRequest, Session as AuthSession } from '@datebook/contracts';
import { provideApiAuthorization } from '@/lib/api-authorization';
import { withCrossTabLock } from '@/lib/cross-tab-lock';
import { refreshSession, signInWithPassword, signOutEverywhere } from './api';
import { localKnownSession, localSessionPresence } from './session-presence';
import { SessionStore } from './session-store';

/** This browser's session: one store for the whole app, which every api call is authorized by. */
export const currentSession = new SessionStore({
  presence: localSessionPresence,
  exclusively: (task) => withCrossTabLock('datebook.session-refresh', task),
  refresh: refreshSession,
  known: localKnownSession,
});
provideApiAuthorization(currentSession);

// A page opened offline as the member known from last time restores the real session as soon as
// the connection is back, rather than at the next scheduled retry.
window.addEventListener('online', () => {
  if (currentSession.isOfflineStandIn()) {
    void currentSession.refresh().catch(() => undefined);
  }
});

/**
 * Signs in with e-mail and password. The returned session may still need a TOTP code
 * (`aal !== nextAal`); until then the app treats the user as signed out, except for that prompt.
 */
export async function signIn(credentials: SignInRequest): Promise<AuthSession> {
  const session = await signInWithPassword(credentials);
  currentSession.set(session);
  return session;
}

/** Signs out everywhere; when the api cannot be told, this browser forgets the session anyway. */
export async function signOut(): Promise<void> {
  try {
    await signOutEverywhere();
  } catch {
    // Local sign-out is the fallback: the tokens left behind expire or are revoked on next use.
  } finally {
    currentSession.forget();
  }
}

/** Starts a session obtained elsewhere: an e-mailed link, a TOTP verification. */
export function setSession(session: AuthSession | null): void {
  currentSession.set(session);
}
