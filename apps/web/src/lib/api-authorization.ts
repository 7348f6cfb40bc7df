/**
 * How the api client learns the signed-in user's access token. The session registers itself here
 * once, so every call made through `callEndpoint` is authorized without each caller passing a token,
 * and the client does not depend on the session feature.
 */
export interface ApiAuthorization {
  /** The token to send now (renewed first when it is about to expire), or null when signed out. */
  accessToken(): Promise<string | null>;
  /** The api refused `rejectedToken`: a renewed token to retry with once, or null when there is none. */
  renewAfterRejection(rejectedToken: string): Promise<string | null>;
  /** The api refused even the renewed token: the session is over. */
  endRejectedSession(): void;
}

let registered: ApiAuthorization | null = null;

export function provideApiAuthorization(authorization: ApiAuthorization): void {
  registered = authorization;
}

export function apiAuthorization(): ApiAuthorization | null {
  return registered;
}
