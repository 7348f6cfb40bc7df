import { authEndpoints, type SignInRequest } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function refreshSession(refreshToken: string) {
  return callEndpoint(authEndpoints.refresh, { body: { refreshToken }, authenticate: false });
}

export function signInWithPassword(credentials: SignInRequest) {
  return callEndpoint(authEndpoints.signIn, { body: credentials, authenticate: false });
}

/** Ends every session of the user, on every device. */
export function signOutEverywhere() {
  return callEndpoint(authEndpoints.signOut, { body: { scope: 'global' } });
}
