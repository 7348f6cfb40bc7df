import { generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importPKCS8,
  jwtVerify,
  SignJWT,
} from 'jose';
import { DataSource } from 'typeorm';
import { messages, type Session } from '@datebook/contracts';
import { issuedSessionOf, refreshRequest, refreshSetCookie } from '../testing/refresh-cookies';
import { createTestApi } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { REFRESH_REUSE_INTERVAL_SECONDS } from './session.service';
import { asSession, newUser, sessionFor, type TestUser } from '../testing/test-users';

describe('sessions', () => {
  const api = useTestApi();
  let user: TestUser;

  beforeAll(async () => {
    user = await newUser(api, { password: 'first password' });
  });

  const signIn = (email: string, password: string) =>
    api.request({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
  const refresh = (refreshToken: string) => api.request(refreshRequest(refreshToken));
  const me = (session: Pick<Session, 'accessToken'>) =>
    asSession(api, session)({ method: 'GET', url: '/api/auth/user' });

  it('signs in with the right password, in any e-mail case', async () => {
    const response = await signIn(user.email.toUpperCase(), 'first password');
    expect(response.statusCode).toBe(200);
    const session = response.json<Session>();
    expect(session).toMatchObject({ tokenType: 'bearer', aal: 'aal1', nextAal: 'aal1', expiresIn: 900 });
    expect(session.user).toMatchObject({ id: user.id, username: user.username, factors: [] });
    expect((await me(session)).json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    for (const [email, password] of [
      [user.email, 'wrong password'],
      ['nobody@example.com', 'first password'],
    ] as const) {
      const response = await signIn(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: messages.auth.invalidCredentials },
      });
    }
  });

  it('needs a session for the account endpoints', async () => {
    const response = await api.request({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: messages.auth.sessionMissing },
    });
  });

  it('refuses a token signed by another key, and a garbled one', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ sid: 'x', aal: 'aal2', naal: 'aal1', role: 'admin' })
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await me({ accessToken: forged })).statusCode).toBe(401);
    expect((await me({ accessToken: 'not.a.token' })).statusCode).toBe(401);
  });

  it('refuses an access token past its expiry, even one signed with the real key', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyed = await createTestApi({ AUTH_JWT_PRIVATE_KEY: pem });
    try {
      const member = await newUser(keyed);
      const live = await sessionFor(keyed, member);
      const signingKey = await importPKCS8(pem, 'ES256');
      const { kid } = decodeProtectedHeader(live.accessToken);
      const expired = await new SignJWT({ sid: randomUUID(), aal: 'aal1', naal: 'aal1', role: 'standard' })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setSubject(member.id)
        .setIssuer(keyed.env.config.app.publicUrl)
        .setAudience('authenticated')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(signingKey);
      const me = (token: string) =>
        keyed.request({
          method: 'GET',
          url: '/api/auth/user',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await me(live.accessToken)).statusCode).toBe(200);
      expect((await me(expired)).statusCode).toBe(401);
    } finally {
      await keyed.close();
    }
  });

  it('publishes the public key: a token verifies against /.well-known/jwks.json', async () => {
    const session = await sessionFor(api, user);
    const jwks = (await api.request({ method: 'GET', url: '/.well-known/jwks.json' })).json<{
      keys: Array<Record<string, string>>;
    }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(
      session.accessToken,
      createLocalJWKSet(jwks as never),
    );
    expect(protectedHeader.kid).toBe(jwks.keys[0]!.kid);
    expect(payload).toMatchObject({ sub: user.id, aal: 'aal1', role: 'standard' });
  });

  describe('refresh tokens', () => {
    it('travel only in an HttpOnly, Secure, SameSite=Strict cookie scoped to the refresh path', async () => {
      const signedIn = await signIn(user.email, 'first password');
      const rotated = await refresh(issuedSessionOf(signedIn).refreshToken);
      for (const response of [signedIn, rotated]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).not.toHaveProperty('refreshToken');
        const attributes = refreshSetCookie(response)!.split('; ').slice(1);
        expect(attributes).toEqual(
          expect.arrayContaining(['Path=/api/auth/token', 'HttpOnly', 'SameSite=Strict', 'Secure']),
        );
      }
    });

    it('are refused without the cookie, even in the body', async () => {
      const { refreshToken } = await sessionFor(api, user);
      const inBody = await api.request({
        method: 'POST',
        url: '/api/auth/token/refresh',
        payload: { refreshToken },
      });
      expect(inBody.statusCode).toBe(401);
      expect(inBody.json()).toMatchObject({ error: { message: messages.auth.refreshTokenInvalid } });
    });

    it('rotate: each one works once and gives a new pair', async () => {
      const first = await sessionFor(api, user);
      const rotated = await refresh(first.refreshToken);
      expect(rotated.statusCode).toBe(200);
      const second = issuedSessionOf(rotated);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await me(second)).statusCode).toBe(200);
      const third = await refresh(second.refreshToken);
      expect(third.statusCode).toBe(200);
    });

    it('give racing refreshes with one token the same successor, without ending the session', async () => {
      const original = await sessionFor(api, user);
      const racing = await Promise.all([refresh(original.refreshToken), refresh(original.refreshToken)]);
      expect(racing.map((response) => response.statusCode)).toEqual([200, 200]);
      const [first, second] = racing.map((response) => issuedSessionOf(response));
      expect(second!.refreshToken).toBe(first!.refreshToken);
      expect((await me(first!)).statusCode).toBe(200);
      expect((await me(second!)).statusCode).toBe(200);
      const late = await refresh(original.refreshToken);
      expect(late.statusCode).toBe(200);
      expect(issuedSessionOf(late).refreshToken).toBe(first!.refreshToken);
      expect((await refresh(first!.refreshToken)).statusCode).toBe(200);
    });

    it('revoke the whole family when a rotated token is replayed after the reuse interval, access tokens included', async () => {
      const original = await sessionFor(api, user);
      const rotated = issuedSessionOf(await refresh(original.refreshToken));
      await api.app.get(DataSource).query(
        `UPDATE refresh_tokens SET revoked_at = revoked_at - make_interval(secs => $2)
            WHERE user_id = $1 AND replaced_by IS NOT NULL`,
        [user.id, REFRESH_REUSE_INTERVAL_SECONDS + 1],
      );
      const replay = await refresh(original.refreshToken);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ error: { message: messages.auth.refreshTokenInvalid } });
      expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
      expect((await me(rotated)).statusCode).toBe(401);
      const other = await sessionFor(api, user);
      expect((await me(other)).statusCode).toBe(200);
    });

    it('stop working when expired', async () => {
      const session = await sessionFor(api, user);
      await api.app
        .get(DataSource)
        .query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
          user.id,
        ]);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    });

    it('are stored only as hashes', async () => {
      const session = await sessionFor(api, user);
      const [{ found }] = await api.app
        .get(DataSource)
        .query<[{ found: number }]>(
          'SELECT count(*)::int AS found FROM refresh_tokens WHERE token_hash = $1',
          [session.refreshToken],
        );
      expect(found).toBe(0);
    });
  });

  describe('sign-out', () => {
    it('local ends this session only, at once', async () => {
      const here = await sessionFor(api, user);
      const elsewhere = await sessionFor(api, user);
      const response = await asSession(
        api,
        here,
      )({ method: 'POST', url: '/api/auth/logout', payload: { scope: 'local' } });
      expect(response.statusCode).toBe(200);
      expect(refreshSetCookie(response)).toMatch(/^datebook_refresh=; Max-Age=0; Path=\/api\/auth\/token/);
      expect((await me(here)).statusCode).toBe(401);
      expect((await refresh(here.refreshToken)).statusCode).toBe(401);
      expect((await me(elsewhere)).statusCode).toBe(200);
    });

    it('global ends every session of the user', async () => {
      const member = await newUser(api);
      const one = await sessionFor(api, member);
      const two = await sessionFor(api, member);
      await asSession(api, one)({ method: 'POST', url: '/api/auth/logout', payload: { scope: 'global' } });
      for (const session of [one, two]) {
        expect((await me(session)).statusCode).toBe(401);
        expect((await refresh(session.refreshToken)).statusCode).toBe(401);
      }
      const fresh = (await signIn(member.email, member.password)).json<Session>();
      expect((await me(fresh)).statusCode).toBe(200);
    });

    it('global also ends a session whose last refresh row is older than an access token lives', async () => {
      // A racing refresh within the reuse interval mints an access token without a new row, so such
      // a token can outlive its family's newest row by up to that interval.
      const member = await newUser(api);
      const graceMinted = await sessionFor(api, member);
      const here = await sessionFor(api, member);
      await api.app.get(DataSource).query(
        `UPDATE refresh_tokens SET created_at = now() - make_interval(secs => $2)
          WHERE family_id::text = $1`,
        [familyOf(graceMinted.accessToken), api.env.config.auth.accessTokenTtlSeconds + 5],
      );
      await asSession(api, here)({ method: 'POST', url: '/api/auth/logout', payload: { scope: 'global' } });
      expect((await me(graceMinted)).statusCode).toBe(401);
    });
  });

  it('limits sign-in attempts per address with a clear message', async () => {
    const limited = await createTestApi();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await limited.request({
          method: 'POST',
          url: '/api/auth/token',
          payload: { email: 'someone@example.com', password: 'guess' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

/** The session (refresh-token family) an access token belongs to: its `sid` claim. */
function familyOf(accessToken: string): string {
  return decodeJwt(accessToken).sid as string;
}
