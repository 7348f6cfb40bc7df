import { DataSource } from 'typeorm';
import { messages, type AuthUser, type Session } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { mailsTo, waitFor } from '@datebook/server/testing';
import { mailedLink } from '../testing/mail-links';
import { refreshRequest } from '../testing/refresh-cookies';
import { useTestApi } from '../testing/use-test-api';
import { asSession, newUser, sessionFor, signedIn } from '../testing/test-users';

describe('account: recovery, e-mail change, deletion', () => {
  const api = useTestApi({ worker: true });
  const signIn = (email: string, password: string) =>
    api.request({ method: 'POST', url: '/api/auth/token', payload: { email, password } });

  it('resets a forgotten password through the e-mailed link', async () => {
    const user = await newUser(api, { password: 'old password 1' });
    const response = await api.request({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: user.email },
    });
    expect(response.json()).toEqual({ message: messages.auth.resetLinkSent });

    const link = await mailedLink(user.email, /Reset your Datebook password/);
    expect(link.url.pathname).toBe('/auth/confirm');
    expect(link).toMatchObject({ type: 'recovery', next: '/forgot-password' });
    const verified = await api.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { tokenHash: link.token, type: 'recovery' },
    });
    const { session } = verified.json<{ session: Session }>();
    const update = await asSession(
      api,
      session,
    )({ method: 'PUT', url: '/api/auth/user', payload: { password: 'new password 2' } });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ message: messages.auth.passwordUpdated });

    expect((await signIn(user.email, 'old password 1')).statusCode).toBe(401);
    expect((await signIn(user.email, 'new password 2')).statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address the same way, and mails nothing', async () => {
    const email = 'nobody-at-all@example.com';
    const response = await api.request({ method: 'POST', url: '/api/auth/recover', payload: { email } });
    expect(response.json()).toEqual({ message: messages.auth.resetLinkSent });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('refuses a new password that is too short, keeping the old one', async () => {
    const { user, request } = await signedIn(api, { password: 'keep this one' });
    const response = await request({
      method: 'PUT',
      url: '/api/auth/user',
      payload: { password: 'short', currentPassword: user.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: messages.auth.passwordTooShort } });
    expect((await signIn(user.email, 'keep this one')).statusCode).toBe(200);
  });

  it('changes the e-mail only once the new address confirms it', async () => {
    const { user, request } = await signedIn(api);
    const change = (email: string) =>
      request({ method: 'PUT', url: '/api/auth/user', payload: { email, currentPassword: user.password } });
    const empty = await change('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: { message: messages.account.emailEmpty } });

    const other = await newUser(api);
    const taken = await change(other.email);
    expect(taken.statusCode).toBe(409);

    const newEmail = `moved-${user.id}@example.com`;
    const started = await change(newEmail);
    expect(started.json()).toMatchObject({
      message: messages.auth.emailChangeSent,
      user: { email: user.email, newEmail },
    });
    const link = await mailedLink(newEmail, /Confirm your new Datebook e-mail address/);
    expect(link).toMatchObject({ type: 'email_change', next: '/account' });
    const confirmed = await api.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { tokenHash: link.token, type: 'email_change' },
    });
    expect(confirmed.json()).toEqual({ session: null, message: messages.auth.emailChanged });
    const me = (await request({ method: 'GET', url: '/api/auth/user' })).json<AuthUser>();
    expect(me).toMatchObject({ email: newEmail, newEmail: null });
    expect((await signIn(newEmail, user.password)).statusCode).toBe(200);
  });

  it('refuses to delete an account without the current password, or with a wrong one', async () => {
    const { user, request } = await signedIn(api);
    const missing = await request({ method: 'DELETE', url: '/api/auth/user', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { issues: [{ path: 'currentPassword', message: messages.auth.currentPasswordRequired }] },
    });
    const wrong = await request({
      method: 'DELETE',
      url: '/api/auth/user',
      payload: { currentPassword: `${user.password}-not` },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { issues: [{ path: 'currentPassword', message: messages.auth.currentPasswordWrong }] },
    });
    expect((await request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('deletes an account: gone at once, its media objects and rows removed by the worker', async () => {
    const { user, session, request } = await signedIn(api);
    const storage = api.app.get(ObjectStorage);
    await storage.put(`${user.id}/avatar-media/1-me.jpg`, Buffer.from('jpeg bytes'), 'image/jpeg');
    await storage.put(`${user.id}/activity-media/2-hike.jpg`, Buffer.from('jpeg bytes'), 'image/jpeg');
    const bystander = await signedIn(api);
    await storage.put(`${bystander.user.id}/avatar-media/3-keep.jpg`, Buffer.from('keep'), 'image/jpeg');

    const response = await request({
      method: 'DELETE',
      url: '/api/auth/user',
      payload: { currentPassword: user.password },
    });
    expect(response.json()).toEqual({ message: messages.auth.accountDeleted });
    expect((await request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await api.request(refreshRequest(session.refreshToken))).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);

    const db = api.app.get(DataSource);
    await waitFor(
      'the account row to be purged',
      async () => (await db.query<unknown[]>('SELECT 1 FROM users WHERE id = $1', [user.id])).length,
      (rows) => rows === 0,
    );
    await expect(storage.get(`${user.id}/avatar-media/1-me.jpg`)).rejects.toThrow();
    await expect(storage.get(`${user.id}/activity-media/2-hike.jpg`)).rejects.toThrow();
    expect((await storage.get(`${bystander.user.id}/avatar-media/3-keep.jpg`)).toString()).toBe('keep');
    expect((await sessionFor(api, bystander.user)).user.id).toBe(bystander.user.id);
  });
});
