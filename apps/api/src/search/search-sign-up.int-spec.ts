import { randomUUID } from 'node:crypto';
import type { UserSearchPage } from '@datebook/contracts';
import { waitFor } from '@datebook/server/testing';
import { mailedLink } from '../testing/mail-links';
import { useTestApi } from '../testing/use-test-api';

/* Sign-up and confirmation raise `profile.changed`, so the worker indexes a member before any edit. */
describe('search: a new member is findable', () => {
  const api = useTestApi({ env: { PUBLIC_URL: 'http://datebook.test' }, worker: true });

  const found = async (q: string): Promise<string[]> => {
    const response = await api.request({ method: 'GET', url: '/api/search/users', query: { q } });
    expect(response.statusCode).toBe(200);
    return response.json<UserSearchPage>().items.map((user) => user.username);
  };
  const waitUntilFound = (q: string, username: string) =>
    waitFor(
      `${username} in user search for "${q}"`,
      () => found(q),
      (names) => names.includes(username),
    );

  async function signUp(username: string): Promise<string> {
    const email = `${username}@example.com`;
    const response = await api.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'a good password', username },
    });
    expect(response.statusCode).toBe(201);
    return email;
  }

  it('finds a member by their exact username right after sign-up, before any profile edit', async () => {
    const username = `newcomer_${randomUUID().slice(0, 8)}`;
    await signUp(username);
    await waitUntilFound(username, username);
  });

  it('finds a new member by a misspelling of their username', async () => {
    const username = `wilhelmina_${Date.now() % 100_000}`;
    await signUp(username);
    await waitUntilFound('wilhelmnia', username);
  });

  it('indexes the member again when they confirm their e-mail', async () => {
    const username = `confirmer_${randomUUID().slice(0, 8)}`;
    const email = await signUp(username);
    await waitUntilFound(username, username);
    // An index that lost the member (an account from before sign-up raised the event, say).
    await api.db.query(
      `DELETE FROM search_documents d USING profiles p
        WHERE d.kind = 'profile' AND d.author_id = p.id AND p.username = $1`,
      [username],
    );
    expect(await found(username)).toEqual([]);

    const link = await mailedLink(email, /Confirm your Datebook account/);
    const verified = await api.request({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { tokenHash: link.token, type: 'signup' },
    });
    expect(verified.statusCode).toBe(200);
    await waitUntilFound(username, username);
  });
});
