import type { SignInRequest } from '@datebook/contracts';
import { callEndpoint, importEndpoints } from '@/lib/api-client';

const endpoints = () => importEndpoints(() => import('./endpoints'));

/** Trades the refresh cookie (sent by the browser, unreadable here) for a new session. */
export async function refreshSession() {
  const { authEndpoints } = await endpoints();
  return callEndpoint(authEndpoints.refresh, { authenticate: false });
}

export async function signInWithPassword(credentials: SignInRequest) {
  const { authEndpoints } = await endpoints();
  return callEndpoint(authEndpoints.signIn, { body: credentials, authenticate: false });
}

/** Ends every session of the user, on every device, and clears the refresh cookie. */
export async function signOutEverywhere() {
  const { authEndpoints } = await endpoints();
  return callEndpoint(authEndpoints.signOut, { body: { scope: 'global' } });
}
