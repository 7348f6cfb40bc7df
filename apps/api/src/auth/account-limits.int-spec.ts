import type { InjectOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { messages, type Challenge, type EnrolledFactor } from '@datebook/contracts';
import { hashToken, REDIS, totpCode } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn } from '../testing/test-users';

/** Limits per account, however many addresses the guesses come from; per-address limits stay. */
describe('per-account limits', () => {
  const api = useTestApi();
  let address = 0;

  /** Every request from another client address, as a distributed attacker sends them. */
  const fromAnywhere = (options: InjectOptions) => {
    address += 1;
    return api.request({ ...options, remoteAddress: `10.9.${address >> 8}.${address & 255}` });
  };
  const as = (accessToken: string) => (options: InjectOptions) =>
    fromAnywhere({ ...options, headers: { authorization: `Bearer ${accessToken}` } });
  const signIn = (email: string, password: string) =>
    fromAnywhere({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
  const tooMany = { error: { code: 'RATE_LIMITED', message: messages.auth.tooManyAttempts } };
  /** Ends a running wait, as time would. */
  const waitEnds = (secret: string, account: string) =>
    api.app
      .get<Redis>(REDIS)
      .del(`${api.env.config.redis.queuePrefix}:backoff:${secret}:${hashToken(account)}:wait`);

  it('makes an account wait after ten wrong passwords from ten addresses; the right one waits too', async () => {
    const user = await newUser(api);
    const bystander = await newUser(api);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(user.email, `guess ${attempt}`)).statusCode).toBe(401);
    }
    const right = await signIn(user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(tooMany);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(30);
    const wrong = await signIn(user.email, 'another guess');
    expect([wrong.statusCode, wrong.json()]).toEqual([429, tooMany]);
    expect((await signIn(bystander.email, bystander.password)).statusCode).toBe(200);

    // Never a lockout: once the wait is over the owner gets in, and the failures are forgotten.
    await waitEnds('sign-in', user.email);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, 'one more typo')).statusCode).toBe(401);
  });

  it('doubles the wait with each failure after one, up to a bound', async () => {
    const user = await newUser(api);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await signIn(user.email, `guess ${attempt}`);
    }
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await waitEnds('sign-in', user.email);
      await signIn(user.email, 'still guessing');
      waits.push(Number((await signIn(user.email, user.password)).headers['retry-after']));
    }
    expect(waits[0]).toBeGreaterThan(30);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(60);
    expect(waits[2]).toBeGreaterThan(120);
    expect(waits[2]).toBeLessThanOrEqual(900);
  });

  it('makes an account wait after five wrong authenticator codes', async () => {
    const { session } = await signedIn(api);
    const request = as(session.accessToken);
    const factor = (
      await request({ method: 'POST', url: '/api/auth/factors', payload: { friendlyName: 'Phone' } })
    ).json<EnrolledFactor>();
    const attempt = async (code: string) => {
      const challenge = (
        await request({ method: 'POST', url: `/api/auth/factors/${factor.id}/challenge`, payload: {} })
      ).json<Challenge>();
      return request({
        method: 'POST',
        url: `/api/auth/factors/${factor.id}/verify`,
        payload: { challengeId: challenge.id, code },
      });
    };
    const right = totpCode(factor.totp.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let failure = 0; failure < 5; failure += 1) {
      expect((await attempt(wrong)).statusCode).toBe(400);
    }
    const blocked = await attempt(right);
    expect([blocked.statusCode, blocked.json()]).toEqual([429, tooMany]);
  });

  it('makes a stolen session wait after ten wrong current passwords', async () => {
    const { user, session } = await signedIn(api);
    const request = as(session.accessToken);
    const change = (currentPassword: string) =>
      request({
        method: 'PUT',
        url: '/api/auth/user',
        payload: { password: 'taken over!', currentPassword },
      });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await change(`guess ${attempt}`)).statusCode).toBe(400);
    }
    const right = await change(user.password);
    expect([right.statusCode, right.json()]).toEqual([429, tooMany]);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('limits recovery mails per address, known or not, and per account across its addresses', async () => {
    const user = await newUser(api);
    const recover = (email: string) =>
      fromAnywhere({ method: 'POST', url: '/api/auth/recover', payload: { email } });
    for (const email of [user.email, `nobody-${user.id}@example.com`]) {
      for (let request = 0; request < 3; request += 1) {
        expect((await recover(email)).json()).toEqual({ message: messages.auth.resetLinkSent });
      }
      const refused = await recover(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: messages.errors.rateLimited },
      });
    }

    // The account's share (five a day) is spent across its addresses; the sixth answers alike, unsent.
    const db = api.app.get(DataSource);
    const moved = `moved-${user.id}@example.com`;
    await db.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, moved]);
    for (let request = 0; request < 3; request += 1) {
      expect((await recover(moved)).json()).toEqual({ message: messages.auth.resetLinkSent });
    }
    const [{ links }] = await db.query<[{ links: number }]>(
      `SELECT count(*)::int AS links FROM one_time_tokens WHERE user_id = $1 AND purpose = 'recovery'`,
      [user.id],
    );
    expect(links).toBe(5);
  });
});
