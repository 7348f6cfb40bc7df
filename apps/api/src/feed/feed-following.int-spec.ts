import { DataSource } from 'typeorm';
import { postMessages, type FeedPage } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, visibilityCast } from '../testing/test-users';
import { allPages } from '../testing/feed-posts';

describe('feed: Following', () => {
  const api = useTestApi();

  /** Each author posts one of every kind; the titles say whose and which. */
  async function postEverything(authorId: string, name: string): Promise<void> {
    await api.data.newActivity(authorId, { title: `${name} activity` });
    await api.data.newActivity(authorId, { title: `${name} custom`, isCustom: true });
    await api.data.newDate(authorId, { title: `${name} public date` });
    await api.data.newDate(authorId, { title: `${name} private date`, isPublic: false });
  }

  it('is for members only', async () => {
    const response = await api.request({ method: 'GET', url: '/api/feed/following' });
    expect(response.statusCode).toBe(401);
  });

  it('obeys the visibility policy for every viewer, author and kind of post', async () => {
    const { publicAuthor, privateAuthor, admin, member, follower } = await visibilityCast(api);
    for (const [author, name] of [
      [publicAuthor, 'public'],
      [privateAuthor, 'private'],
      [admin, 'admin'],
    ] as const) {
      await postEverything(author.user.id, name);
      await api.data.follow(follower.user.id, author.user.id);
    }
    const titles = async (as: typeof member.request) =>
      (await allPages(as, '/api/feed/following', 50)).map((card) => card.title).sort();
    expect(await titles(member.request)).toEqual([]);
    expect(await titles(follower.request)).toEqual([
      'private activity',
      'private public date',
      'public activity',
      'public public date',
    ]);

    // The owner follows others; their own posts never appear.
    await postEverything(follower.user.id, 'own');
    expect(await titles(follower.request)).not.toContain('own activity');
  });

  it('merges both kinds newest first and keeps its place while posts arrive', async () => {
    const author = await newUser(api);
    const other = await newUser(api);
    const reader = await signedIn(api);
    await api.data.follow(reader.user.id, author.id);
    await api.data.follow(reader.user.id, other.id);
    const same = new Date('2026-01-06T12:00:00.123Z');
    const expected: string[] = [];
    for (let day = 1; day <= 5; day += 1) {
      const at = new Date(Date.UTC(2026, 0, day));
      await api.data.newActivity(author.id, { title: `activity ${day}`, createdAt: at });
      await api.data.newDate(other.id, { title: `date ${day}`, createdAt: at });
    }
    // Ties on created_at across kinds and ids: the order is still total.
    await api.data.newActivity(author.id, { title: 'tie a1', createdAt: same });
    await api.data.newActivity(other.id, { title: 'tie a2', createdAt: same });
    await api.data.newDate(author.id, { title: 'tie d1', createdAt: same });
    expected.push('tie d1', 'tie a2', 'tie a1');
    for (let day = 5; day >= 1; day -= 1) {
      expected.push(`date ${day}`, `activity ${day}`);
    }

    let inserted = 0;
    const cards = await allPages(reader.request, '/api/feed/following', 3, async () => {
      inserted += 1;
      await api.data.newActivity(author.id, { title: `newer ${inserted}` });
    });
    expect(cards.map((card) => card.title)).toEqual(expected);
    expect(cards.every((card) => card.relationship === 'following' && card.mutualCount === 0)).toBe(true);

    const fresh = await allPages(reader.request, '/api/feed/following', 50);
    expect(fresh.slice(0, inserted).map((card) => card.title)).toEqual(
      Array.from({ length: inserted }, (_, i) => `newer ${inserted - i}`),
    );
  });

  it('answers bad input with a 400, never a 500', async () => {
    const reader = await signedIn(api);
    const forged = Buffer.from('1_x1').toString('base64url');
    const queries: Array<Record<string, string>> = [
      { cursor: forged },
      { cursor: 'not a cursor!' },
      { cursor: Buffer.from('999999999999999999_a1').toString('base64url') },
      { limit: '1000' },
      { limit: '0' },
      { limit: 'ten' },
    ];
    for (const query of queries) {
      const response = await reader.request({ method: 'GET', url: '/api/feed/following', query });
      expect(response.statusCode).toBe(400);
    }
    const tampered = await reader.request({
      method: 'GET',
      url: '/api/feed/following',
      query: { cursor: forged },
    });
    expect(tampered.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', issues: [{ path: 'cursor', message: postMessages.invalidCursor }] },
    });
  });

  it('reads a page in one statement whatever its size', async () => {
    const reader = await signedIn(api);
    const author = await newUser(api);
    await api.data.follow(reader.user.id, author.id);
    for (let i = 0; i < 30; i += 1) {
      await api.data.newActivity(author.id, { title: `bulk ${i}` });
    }
    const counts: number[] = [];
    for (const limit of [1, 30]) {
      const statements = await countStatements(api.db, () =>
        reader.request({ method: 'GET', url: '/api/feed/following', query: { limit: String(limit) } }),
      );
      counts.push(statements.feed);
    }
    expect(counts).toEqual([1, 1]);
  });
});

/** Runs `act` and counts the statements it sent that read posts (auth and rate limiting read none). */
async function countStatements(db: DataSource, act: () => Promise<unknown>): Promise<{ feed: number }> {
  const spy = jest.spyOn(db, 'query');
  try {
    const response = (await act()) as { json: () => FeedPage };
    expect(response.json().items.length).toBeGreaterThan(0);
    const feed = spy.mock.calls.filter(([sql]) => /\b(activities|dates)\b/.test(sql)).length;
    return { feed };
  } finally {
    spy.mockRestore();
  }
}
