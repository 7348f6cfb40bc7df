import { authEndpoints, type SignUpRequest, type VerifyRequest } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

export function fetchAuthUser(signal?: AbortSignal) {
  return callEndpoint(authEndpoints.getUser, { signal });
}

export function signUp(body: SignUpRequest) {
  return callEndpoint(authEndpoints.signUp, { body, authenticate: false });
}

export function verifyEmailLink(body: VerifyRequest) {
  return callEndpoint(authEndpoints.verify, { body, authenticate: false });
}

export function requestPasswordReset(email: string) {
  return callEndpoint(authEndpoints.recover, { body: { email }, authenticate: false });
}

export function updatePassword(password: string) {
  return callEndpoint(authEndpoints.updateUser, { body: { password } });
}

/** Proves a TOTP code for one of the user's factors; resolves with the raised (aal2) session. */
export async function verifyTotpCode(factorId: string, code: string) {
  const params = { id: factorId };
  const challenge = await callEndpoint(authEndpoints.challengeFactor, { params });
  return callEndpoint(authEndpoints.verifyFactor, { params, body: { challengeId: challenge.id, code } });
}
