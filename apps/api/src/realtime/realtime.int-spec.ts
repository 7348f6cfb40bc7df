import { randomUUID } from 'node:crypto';
import { messages } from '@datebook/contracts';
import { RealtimePublisher } from '@datebook/server';
import { TokenSigner } from '../auth/token-signer.service';
import { useTestApi } from '../testing/use-test-api';
import { eventsOf, refusal, type TestSocket } from '../testing/test-sockets';
import { newUser, sessionFor, signedIn } from '../testing/test-users';

describe('the socket gateway', () => {
  const api = useTestApi({ listen: true });
  const connect = (token: string): Promise<TestSocket> => api.connect({ auth: { token } });

  const profileUpdate = (userId: string, avatarUrl: string) => ({
    userId,
    username: 'someone',
    displayName: null,
    avatarUrl,
  });

  describe('refuses', () => {
    it('a connection without a token', async () => {
      const error = await refusal(api.origin, {});
      expect(error.message).toBe(messages.auth.sessionMissing);
      expect(error.data).toEqual({ code: 'UNAUTHENTICATED' });
    });

    it('a token in the query string (tokens there end up in access logs)', async () => {
      const { session } = await signedIn(api);
      const error = await refusal(api.origin, { query: { token: session.accessToken } });
      expect(error.message).toBe(messages.auth.sessionMissing);
    });

    it('a token that does not verify', async () => {
      const { session } = await signedIn(api);
      const [header, payload] = session.accessToken.split('.');
      for (const token of ['not-a-jwt', `${header}.${payload}.c2lnbmF0dXJl`]) {
        const error = await refusal(api.origin, { auth: { token } });
        expect(error.message).toBe(messages.auth.sessionMissing);
      }
    });

    it('the token of a session that signed out', async () => {
      const { session, request } = await signedIn(api);
      await connect(session.accessToken);
      const signOut = await request({ method: 'POST', url: '/api/auth/logout', payload: { scope: 'local' } });
      expect(signOut.statusCode).toBe(200);
      const error = await refusal(api.origin, { auth: { token: session.accessToken } });
      expect(error.message).toBe(messages.auth.sessionMissing);
    });

    it('a session that has not yet passed the second factor its account requires', async () => {
      const user = await newUser(api);
      const { token } = await api.app.get(TokenSigner).sign({
        sub: user.id,
        sid: randomUUID(),
        aal: 'aal1',
        naal: 'aal2',
        role: 'standard',
      });
      const error = await refusal(api.origin, { auth: { token } });
      expect(error.message).toBe(messages.auth.mfaRequired);
    });
  });

  it("admits a signed-in member, whose socket receives what is published to the member's room only", async () => {
    const [alice, bob] = [await signedIn(api), await signedIn(api)];
    const aliceTabs = [await connect(alice.session.accessToken), await connect(alice.session.accessToken)];
    const bobTab = await connect(bob.session.accessToken);
    const aliceEvents = aliceTabs.map((socket) => eventsOf(socket, 'profile.updated'));
    const bobEvents = eventsOf(bobTab, 'profile.updated');

    const update = profileUpdate(alice.user.id, 'https://cdn.example/a.jpg');
    api.app.get(RealtimePublisher).toUser(alice.user.id, 'profile.updated', update);
    for (const events of aliceEvents) {
      expect(await events.next()).toEqual(update);
    }

    // A later event for Bob arrives; had Alice's reached him, it would have come first.
    const bobUpdate = profileUpdate(bob.user.id, 'https://cdn.example/b.jpg');
    api.app.get(RealtimePublisher).toUser(bob.user.id, 'profile.updated', bobUpdate);
    expect(await bobEvents.next()).toEqual(bobUpdate);
    expect(bobEvents.received).toEqual([]);
  });

  it('closes the sockets of a session the moment it signs out, and only those', async () => {
    const member = await signedIn(api);
    const otherSession = await sessionFor(api, member.user);
    const signingOut = await connect(member.session.accessToken);
    const staying = await connect(otherSession.accessToken);
    const closed = new Promise<string>((resolve) =>
      signingOut.once('disconnect', (reason) => resolve(reason)),
    );

    const response = await member.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { scope: 'local' },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');

    const events = eventsOf(staying, 'profile.updated');
    const update = profileUpdate(member.user.id, 'https://cdn.example/still.jpg');
    api.app.get(RealtimePublisher).toUser(member.user.id, 'profile.updated', update);
    expect(await events.next()).toEqual(update);
    expect(staying.connected).toBe(true);
  });

  it('works over HTTP long-polling too, for networks that block WebSocket', async () => {
    const { user, session } = await signedIn(api);
    const socket = await api.connect({
      auth: { token: session.accessToken },
      transports: ['polling'],
    });
    const events = eventsOf(socket, 'profile.updated');
    const update = profileUpdate(user.id, 'https://cdn.example/p.jpg');
    api.app.get(RealtimePublisher).toUser(user.id, 'profile.updated', update);
    expect(await events.next()).toEqual(update);
    expect((await refusal(api.origin, { transports: ['polling'] })).message).toBe(
      messages.auth.sessionMissing,
    );
  });
});
