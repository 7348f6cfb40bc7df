import {
  messages,
  type AuthUser,
  type Challenge,
  type EnrolledFactor,
  type Session,
} from '@datebook/contracts';
import { totpCode } from '@datebook/server';
import { DataSource } from 'typeorm';
import { useTestApi } from '../testing/use-test-api';
import { asSession, signedIn } from '../testing/test-users';

describe('TOTP multi-factor authentication', () => {
  const api = useTestApi();

  type Requester = ReturnType<typeof asSession>;

  async function challengeAndVerify(request: Requester, factorId: string, code: string) {
    const challenge = (
      await request({ method: 'POST', url: `/api/auth/factors/${factorId}/challenge` })
    ).json<Challenge>();
    return request({
      method: 'POST',
      url: `/api/auth/factors/${factorId}/verify`,
      payload: { challengeId: challenge.id, code },
    });
  }

  /** Signs in with the password alone: the session a second factor may still have to raise. */
  async function passwordSignIn(user: { email: string; password: string }): Promise<Session> {
    const response = await api.request({
      method: 'POST',
      url: '/api/auth/token',
      payload: { email: user.email, password: user.password },
    });
    return response.json<Session>();
  }

  async function enrolled() {
    const member = await signedIn(api);
    const enrolledFactor = (
      await member.request({ method: 'POST', url: '/api/auth/factors', payload: { friendlyName: 'Phone' } })
    ).json<EnrolledFactor>();
    return { ...member, factor: enrolledFactor };
  }

  it('enrolls with a QR code, verifies, and raises the session to aal2', async () => {
    const { user, request, factor } = await enrolled();
    expect(factor.totp.qrCode).toMatch(/^data:image\/svg\+xml/);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    const [{ secret }] = await api.app
      .get(DataSource)
      .query<[{ secret: string }]>('SELECT secret FROM mfa_factors WHERE id = $1', [factor.id]);
    expect(secret).not.toContain(factor.totp.secret);

    const wrong = await challengeAndVerify(request, factor.id, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { message: messages.auth.mfaCodeInvalid } });

    const right = await challengeAndVerify(request, factor.id, totpCode(factor.totp.secret));
    expect(right.statusCode).toBe(200);
    const session = right.json<Session>();
    expect(session).toMatchObject({ aal: 'aal2', nextAal: 'aal2' });
    expect(session.user.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified', friendlyName: 'Phone' }),
    ]);
    // The aal1 session it came from is over.
    expect((await request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await asSession(api, session)({ method: 'GET', url: '/api/auth/user' })).json()).toMatchObject({
      id: user.id,
    });
  });

  it('asks for the code at every sign-in once a factor is verified', async () => {
    const { user, request, factor } = await enrolled();
    await challengeAndVerify(request, factor.id, totpCode(factor.totp.secret));

    const signIn = await passwordSignIn(user);
    expect(signIn).toMatchObject({ aal: 'aal1', nextAal: 'aal2' });
    const partial = asSession(api, signIn);
    expect((await partial({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    const blocked = await partial({
      method: 'PUT',
      url: '/api/auth/user',
      payload: { password: 'another password', currentPassword: user.password },
    });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toMatchObject({ error: { message: messages.auth.mfaRequired } });

    // The previous step's code is still accepted (clock drift), once; the enrollment used the current one.
    const earlier = totpCode(factor.totp.secret, Date.now() - 30_000);
    const full = await challengeAndVerify(partial, factor.id, earlier);
    expect(full.statusCode).toBe(200);
    const replay = await challengeAndVerify(asSession(api, full.json<Session>()), factor.id, earlier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: { message: messages.auth.mfaCodeInvalid } });

    const complete = asSession(api, full.json<Session>());
    expect(
      (
        await complete({
          method: 'PUT',
          url: '/api/auth/user',
          payload: { password: 'another password', currentPassword: user.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a challenge from another factor or user, and an expired one', async () => {
    const first = await enrolled();
    const second = await enrolled();
    const challenge = (
      await first.request({ method: 'POST', url: `/api/auth/factors/${first.factor.id}/challenge` })
    ).json<Challenge>();
    const foreign = await second.request({
      method: 'POST',
      url: `/api/auth/factors/${second.factor.id}/verify`,
      payload: { challengeId: challenge.id, code: totpCode(second.factor.totp.secret) },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: { message: messages.auth.mfaChallengeExpired } });
    const notMine = await second.request({
      method: 'POST',
      url: `/api/auth/factors/${first.factor.id}/challenge`,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('lets a password alone neither enrol nor verify a new factor once one is verified', async () => {
    const { user, request, factor } = await enrolled();
    await challengeAndVerify(request, factor.id, totpCode(factor.totp.secret));
    const passwordOnly = asSession(api, await passwordSignIn(user));

    const enrol = await passwordOnly({ method: 'POST', url: '/api/auth/factors', payload: {} });
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json()).toMatchObject({ error: { message: messages.auth.aal2Required } });

    // A factor left unverified (enrolled earlier from a full session) does not open the door either.
    const [{ id: pendingId }] = await api.app.get(DataSource).query<[{ id: string }]>(
      `INSERT INTO mfa_factors (user_id, friendly_name, factor_type, secret, status)
         SELECT user_id, 'Thief', 'totp', secret, 'unverified' FROM mfa_factors WHERE id = $1 RETURNING id`,
      [factor.id],
    );
    const verify = await challengeAndVerify(passwordOnly, pendingId, totpCode(factor.totp.secret));
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toMatchObject({ error: { message: messages.auth.aal2Required } });
    const { factors } = (await passwordOnly({ method: 'GET', url: '/api/auth/user' })).json<AuthUser>();
    expect(factors.find((found) => found.id === pendingId)).toMatchObject({ status: 'unverified' });
  });

  it('removes a verified factor only from an aal2 session', async () => {
    const { user, request, factor } = await enrolled();
    const aal2 = (await challengeAndVerify(request, factor.id, totpCode(factor.totp.secret))).json<Session>();
    const removed = await asSession(api, aal2)({ method: 'DELETE', url: `/api/auth/factors/${factor.id}` });
    expect(removed.statusCode).toBe(200);
    const signIn = await passwordSignIn(user);
    expect(signIn).toMatchObject({ aal: 'aal1', nextAal: 'aal1' });
  });
});
