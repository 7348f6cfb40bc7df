import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { REFRESH_COOKIE_NAME, type Session } from '@datebook/contracts';
import type { IssuedSession } from '../auth/session.service';

/** The refresh cookie a response set, whole (`name=value; attributes`), or undefined. */
export function refreshSetCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.find((cookie) => cookie.startsWith(`${REFRESH_COOKIE_NAME}=`));
}

/** The session a response handed out: its body, and the refresh token from its cookie. */
export function issuedSessionOf(
  response: LightMyRequestResponse,
  body = response.json<Session>(),
): IssuedSession {
  const cookie = refreshSetCookie(response);
  const refreshToken = cookie?.slice(REFRESH_COOKIE_NAME.length + 1).split(';')[0];
  if (!refreshToken) {
    throw new Error(`No refresh cookie in the response (${response.statusCode})`);
  }
  return { ...body, refreshToken };
}

/** A refresh call as the browser makes it: the token only in the cookie. */
export function refreshRequest(refreshToken: string): InjectOptions {
  return {
    method: 'POST',
    url: '/api/auth/token/refresh',
    headers: { cookie: `${REFRESH_COOKIE_NAME}=${refreshToken}` },
  };
}
