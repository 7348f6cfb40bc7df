import { messages, type AuthUser, type Session, type VerifyResponse } from '@datebook/contracts';
import type { IssuedSession } from './session.service';
import { mailedLink } from '../testing/mail-links';
import { refreshRequest } from '../testing/refresh-cookies';
import { useTestApi } from '../testing/use-test-api';
import { asSession, newUser, sessionFor, signedIn } from '../testing/test-users';

/** A stolen access token is not the account: changes need the password, and end other sessions. */
describe('account protection', () => {
  const api = useTestApi({ worker: true });
  const signIn = (email: string, password: string) =>
    api.request({ method: 'POST', url: '/api/auth/token', payload: { email, password } });
  const refresh = (session: IssuedSession) => api.request(refreshRequest(session.refreshToken));
  const me = (session: Session) => asSession(api, session)({ method: 'GET', url: '/api/auth/user' });
  const update = (session: Session, payload: Record<string, string>) =>
    asSession(api, session)({ method: 'PUT', url: '/api/auth/user', payload });
  const verify = (tokenHash: string, type: string) =>
    api.request({ method: 'POST', url: '/api/auth/verify', payload: { tokenHash, type } });

  it('refuses a password or e-mail change without the current password, or with a wrong one', async () => {
    const { user, session } = await signedIn(api, { password: 'the real password' });
    const cases = [
      [{ password: 'taken over 1' }, messages.auth.currentPasswordRequired],
      [{ password: 'taken over 1', currentPassword: 'a guess' }, messages.auth.currentPasswordWrong],
      [{ email: `thief-${user.id}@example.com` }, messages.auth.currentPasswordRequired],
      [
        { email: `thief-${user.id}@example.com`, currentPassword: 'a guess' },
        messages.auth.currentPasswordWrong,
      ],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await update(session, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', issues: [{ path: 'currentPassword', message }] },
      });
    }
    expect((await me(session)).json<AuthUser>()).toMatchObject({ email: user.email, newEmail: null });
    expect((await signIn(user.email, 'the real password')).statusCode).toBe(200);
  });

  it('ends every other session of the member when the password changes, and keeps this one', async () => {
    const { user, session } = await signedIn(api);
    const elsewhere = await sessionFor(api, user);
    const response = await update(session, { password: 'a brand new one', currentPassword: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: messages.auth.passwordUpdated });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    expect((await me(session)).statusCode).toBe(200);
    expect((await refresh(session)).statusCode).toBe(200);
  });

  it('lets a recovery link set a new password without the old one, ending every other session', async () => {
    const user = await newUser(api);
    const elsewhere = await sessionFor(api, user);
    await api.request({ method: 'POST', url: '/api/auth/recover', payload: { email: user.email } });
    const link = await mailedLink(user.email, /Reset your Datebook password/);
    const recovering = (await verify(link.token, 'recovery')).json<VerifyResponse>().session!;

    // The recovery session is not a licence for the address: that still needs the password.
    const email = await update(recovering, { email: `thief-${user.id}@example.com` });
    expect(email.statusCode).toBe(400);

    const reset = await update(recovering, { password: 'recovered password' });
    expect(reset.statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    expect((await me(recovering)).statusCode).toBe(200);
    expect((await signIn(user.email, 'recovered password')).statusCode).toBe(200);
  });

  it('changes neither password nor sessions when the e-mail changed with it is taken', async () => {
    const { user, session } = await signedIn(api);
    const elsewhere = await sessionFor(api, user);
    const other = await newUser(api);
    const response = await update(session, {
      password: 'half applied',
      email: other.email,
      currentPassword: user.password,
    });
    expect(response.statusCode).toBe(409);
    expect((await me(elsewhere)).statusCode).toBe(200);
    expect((await refresh(elsewhere)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  describe('an e-mail change', () => {
    const startChange = async () => {
      const member = await signedIn(api);
      const newEmail = `new-${member.user.id}@example.com`;
      const started = await update(member.session, {
        email: newEmail,
        currentPassword: member.user.password,
      });
      expect(started.json()).toMatchObject({ message: messages.auth.emailChangeSent });
      const undo = await mailedLink(member.user.email, /Your Datebook e-mail address is being changed/);
      expect(undo).toMatchObject({ type: 'email_change_undo', next: '/login' });
      return { ...member, newEmail, undo };
    };

    it('is announced to the old address, whose link undoes it after confirmation and ends every session', async () => {
      const { user, session, newEmail, undo } = await startChange();
      const confirm = await mailedLink(newEmail, /Confirm your new Datebook e-mail address/);
      expect((await verify(confirm.token, 'email_change')).statusCode).toBe(200);
      expect((await me(session)).json<AuthUser>()).toMatchObject({ email: newEmail });

      const undone = await verify(undo.token, 'email_change_undo');
      expect(undone.json()).toMatchObject({ message: messages.auth.emailChangeUndone });
      expect((await me(session)).statusCode).toBe(401);
      expect((await refresh(session)).statusCode).toBe(401);
      expect((await signIn(newEmail, user.password)).statusCode).toBe(401);
      const back = (await signIn(user.email, user.password)).json<Session>();
      expect(back.user).toMatchObject({ email: user.email, newEmail: null });
      expect((await verify(undo.token, 'email_change_undo')).statusCode).toBe(401);
    });

    it('keeps each old address its undo link through later changes, even one undone by the taker', async () => {
      const { user, session, newEmail, undo } = await startChange();
      const confirm = await mailedLink(newEmail, /Confirm your new Datebook e-mail address/);
      expect((await verify(confirm.token, 'email_change')).statusCode).toBe(200);
      const third = `third-${user.id}@example.com`;
      const again = await update(session, { email: third, currentPassword: user.password });
      expect(again.json()).toMatchObject({ message: messages.auth.emailChangeSent });
      const takersUndo = await mailedLink(newEmail, /Your Datebook e-mail address is being changed/);
      expect((await verify(takersUndo.token, 'email_change_undo')).statusCode).toBe(200);

      expect((await verify(undo.token, 'email_change_undo')).statusCode).toBe(200);
      const back = (await signIn(user.email, user.password)).json<Session>();
      expect(back.user).toMatchObject({ email: user.email, newEmail: null });
    });

    it('undone, refuses the recovery link the taker asked for at the new address', async () => {
      const { user, newEmail, undo } = await startChange();
      const confirm = await mailedLink(newEmail, /Confirm your new Datebook e-mail address/);
      expect((await verify(confirm.token, 'email_change')).statusCode).toBe(200);
      await api.request({ method: 'POST', url: '/api/auth/recover', payload: { email: newEmail } });
      const takersReset = await mailedLink(newEmail, /Reset your Datebook password/);

      expect((await verify(undo.token, 'email_change_undo')).statusCode).toBe(200);
      expect((await verify(takersReset.token, 'recovery')).statusCode).toBe(401);
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    });

    it('undone, lets the owner set a new password at once, without the old one', async () => {
      const { user, undo } = await startChange();
      const undone = (await verify(undo.token, 'email_change_undo')).json<VerifyResponse>();
      expect(undone.session).toMatchObject({ aal: 'aal1', user: { id: user.id, email: user.email } });
      const reset = await update(undone.session!, { password: 'mine again' });
      expect(reset.statusCode).toBe(200);
      expect((await signIn(user.email, user.password)).statusCode).toBe(401);
      expect((await signIn(user.email, 'mine again')).statusCode).toBe(200);
    });

    it('undone before confirmation, leaves the address as it was and the confirmation link dead', async () => {
      const { user, newEmail, undo } = await startChange();
      expect((await verify(undo.token, 'email_change_undo')).statusCode).toBe(200);
      const confirm = await mailedLink(newEmail, /Confirm your new Datebook e-mail address/);
      expect((await verify(confirm.token, 'email_change')).statusCode).toBe(401);
      const back = (await signIn(user.email, user.password)).json<Session>();
      expect(back.user).toMatchObject({ email: user.email, newEmail: null });
    });
  });
});
