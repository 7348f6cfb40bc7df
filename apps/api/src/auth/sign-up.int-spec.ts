import { randomUUID } from 'node:crypto';
import { messages, type Session } from '@datebook/contracts';
import { mailedLink } from '../testing/mail-links';
import { useTestApi } from '../testing/use-test-api';
import { newUser } from '../testing/test-users';

describe('sign-up and e-mail confirmation', () => {
  const api = useTestApi({ env: { PUBLIC_URL: 'http://datebook.test' }, worker: true });
  const signUp = (payload: Record<string, unknown>) =>
    api.request({ method: 'POST', url: '/api/auth/signup', payload });
  const signIn = (email: string, password: string) =>
    api.request({ method: 'POST', url: '/api/auth/token', payload: { email, password } });

  it('creates the account, its profile and default collection, and mails a link that signs in once', async () => {
    const email = `Joiner-${randomUUID()}@Example.com`;
    const username = `joiner_${randomUUID().slice(0, 8)}`;
    const response = await signUp({ email, password: 'a good password', username });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: messages.auth.signUpSuccess });

    const [row] = await api.db.query<
      Array<{ email: string; username: string; confirmed: boolean; collections: string[] }>
    >(
      `SELECT u.email, p.username, u.email_confirmed_at IS NOT NULL AS confirmed,
              (SELECT array_agg(name) FROM collections c WHERE c.owner_id = u.id AND c.is_default) AS collections
         FROM users u JOIN profiles p ON p.id = u.id WHERE p.username = $1`,
      [username],
    );
    expect(row).toEqual({ email: email.toLowerCase(), username, confirmed: false, collections: ['Saved'] });
    const [{ hashes }] = await api.db.query<[{ hashes: number }]>(
      `SELECT count(*)::int AS hashes FROM one_time_tokens t JOIN users u ON u.id = t.user_id
        WHERE u.email = $1 AND t.token_hash ~ '^[0-9a-f]{64}$'`,
      [email.toLowerCase()],
    );
    expect(hashes).toBe(1);

    const beforeConfirming = await signIn(email, 'a good password');
    expect(beforeConfirming.statusCode).toBe(401);
    expect(beforeConfirming.json()).toMatchObject({ error: { message: messages.auth.emailNotConfirmed } });

    const link = await mailedLink(email.toLowerCase(), /Confirm your Datebook account/);
    expect(link.url.origin + link.url.pathname).toBe('http://datebook.test/auth/confirm');
    expect(link).toMatchObject({ type: 'signup', next: '/login' });
    const [{ stored }] = await api.db.query<[{ stored: number }]>(
      'SELECT count(*)::int AS stored FROM one_time_tokens WHERE token_hash = $1',
      [link.token],
    );
    expect(stored).toBe(0);

    const verified = await api.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { tokenHash: link.token, type: 'signup' },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ session: null, message: messages.auth.emailConfirmed });
    const [{ confirmed }] = await api.db.query<[{ confirmed: boolean }]>(
      'SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = $1',
      [email.toLowerCase()],
    );
    expect(confirmed).toBe(true);

    const again = await api.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { tokenHash: link.token, type: 'signup' },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { message: messages.auth.confirmationLinkUsed } });

    const session = (await signIn(email, 'a good password')).json<Session>();
    expect(session.user).toMatchObject({ email: email.toLowerCase(), username, accessType: 'standard' });
    expect(session.user.emailConfirmedAt).not.toBeNull();
  });

  it('refuses a taken username in any case, and a registered e-mail, with the spec text', async () => {
    const existing = await newUser(api);
    const byUsername = await signUp({
      email: `other-${randomUUID()}@example.com`,
      password: 'a good password',
      username: existing.username.toUpperCase(),
    });
    expect(byUsername.statusCode).toBe(409);
    expect(byUsername.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'User already registered',
        issues: [{ path: 'username', message: 'User already registered' }],
      },
    });
    const byEmail = await signUp({
      email: existing.email,
      password: 'a good password',
      username: `x_${randomUUID().slice(0, 8)}`,
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ error: { issues: [{ path: 'email' }] } });
  });

  it('validates every field and writes nothing on bad input', async () => {
    const [{ before }] = await api.db.query<[{ before: number }]>(
      'SELECT count(*)::int AS before FROM users',
    );
    const response = await signUp({ email: 'nope', password: 'short', username: 'a b' });
    expect(response.statusCode).toBe(400);
    const issues = response.json<{ error: { issues: Array<{ path: string; message: string }> } }>().error
      .issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: messages.forms.emailInvalid },
        { path: 'password', message: messages.auth.passwordTooShort },
        { path: 'username', message: messages.auth.usernameInvalid },
      ]),
    );
    const [{ after }] = await api.db.query<[{ after: number }]>('SELECT count(*)::int AS after FROM users');
    expect(after).toBe(before);
  });

  it('asks for a password, in sign-up words, when none is given', async () => {
    const response = await signUp({
      email: `nopass-${randomUUID()}@example.com`,
      password: '',
      username: `n_${randomUUID().slice(0, 8)}`,
    });
    expect(response.statusCode).toBe(400);
    // The first issue of a field is the one forms show.
    const { issues } = response.json<{ error: { issues: Array<{ path: string; message: string }> } }>().error;
    expect(issues.find((issue) => issue.path === 'password')?.message).toBe(messages.auth.choosePassword);
  });

  it('refuses a made-up token', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { tokenHash: 'made-up', type: 'recovery' },
    });
    expect(response.statusCode).toBe(401);
  });
});
