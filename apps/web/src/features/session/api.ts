import { authEndpoints, type SignInRequest } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

/** Trades the refresh cookie (sent by the browser, unreadable here) for a new session. */
export function refreshSession() {
  return callEndpoint(authEndpoints.refresh, { authenticate: false });
}

export function signInWithPassword(credentials: SignInRequest) {
  return callEndpoint(authEndpoints.signIn, { body: credentials, authenticate: false });
}

/** Ends every session of the user, on every device, and clears the refresh cookie. */
export function signOutEverywhere() {
  return callEndpoint(authEndpoints.signOut, { body: { scope: 'global' } });
}
