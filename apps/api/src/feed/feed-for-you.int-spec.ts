import { postMessages, type FeedCard, type FeedPage } from '@datebook/contracts';
import { FeedScoresRepository } from '@datebook/db';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, visibilityCast } from '../testing/test-users';
import { allPages } from '../testing/feed-posts';

/*
 * Each test builds its own little world in a fresh database, because For You ranks everything
 * that is scored, not only one author's posts.
 */
describe('feed: For You', () => {
  const api = useTestApi({ each: true });
  const rescore = () => new FeedScoresRepository(api.db).rescoreRecent();
  const titles = (cards: FeedCard[]) => cards.map((card) => card.title);

  it('is for members only', async () => {
    const response = await api.request({ method: 'GET', url: '/api/feed/for-you' });
    expect(response.statusCode).toBe(401);
  });

  it('shows others’ visible posts only: never custom activities, non-public dates, admins or one’s own', async () => {
    const { publicAuthor, privateAuthor, admin, member, follower } = await visibilityCast(api);
    for (const [author, name] of [
      [publicAuthor.user, 'public'],
      [privateAuthor.user, 'private'],
      [admin.user, 'admin'],
      [member.user, 'member'],
    ] as const) {
      await api.data.newActivity(author.id, { title: `${name} activity` });
      await api.data.newActivity(author.id, { title: `${name} custom`, isCustom: true });
      await api.data.newDate(author.id, { title: `${name} public date` });
      await api.data.newDate(author.id, { title: `${name} private date`, isPublic: false });
    }
    await api.data.follow(follower.user.id, privateAuthor.user.id);
    await api.data.follow(follower.user.id, admin.user.id);
    await rescore();

    const seen = async (as: typeof member.request) =>
      titles(await allPages(as, '/api/feed/for-you', 50)).sort();
    expect(await seen(member.request)).toEqual(['public activity', 'public public date']);
    expect(await seen(follower.request)).toEqual([
      'member activity',
      'member public date',
      'private activity',
      'private public date',
      'public activity',
      'public public date',
    ]);
  });

  it('ranks by engagement, lifted by follows and tastes, and badges each card', async () => {
    const reader = await signedIn(api);
    const friendA = await newUser(api);
    const friendB = await newUser(api);
    const friendOfFriends = await newUser(api);
    const stranger = await newUser(api);
    const popular = await newUser(api);
    await api.data.follow(reader.user.id, friendA.id);
    await api.data.follow(reader.user.id, friendB.id);
    await api.data.follow(friendA.id, friendOfFriends.id);
    await api.data.follow(friendB.id, friendOfFriends.id);
    const [liked] = await api.db.query<Array<{ slug: string }>>(
      'SELECT slug FROM categories ORDER BY id LIMIT 1',
    );
    const tasteId = await api.data.newActivity(stranger.id, {
      title: 'in a liked category',
      category: liked!.slug,
    });
    await api.db.query('INSERT INTO likes (user_id, activity_id) VALUES ($1, $2)', [reader.user.id, tasteId]);
    await api.data.newActivity(stranger.id, { title: 'stranger' });
    await api.data.newActivity(stranger.id, { title: 'in the same category', category: liked!.slug });
    await api.data.newActivity(friendA.id, { title: 'from a friend' });
    await api.data.newActivity(friendOfFriends.id, { title: 'liked by friends' });
    await api.data.newActivity(popular.id, { title: 'popular', likeCount: 50 });
    await rescore();

    const cards = await allPages(reader.request, '/api/feed/for-you', 50);
    const order = titles(cards);
    expect(order.indexOf('popular')).toBeLessThan(order.indexOf('stranger'));
    expect(order.indexOf('from a friend')).toBeLessThan(order.indexOf('stranger'));
    expect(order.indexOf('liked by friends')).toBeLessThan(order.indexOf('stranger'));
    expect(order.indexOf('in the same category')).toBeLessThan(order.indexOf('stranger'));

    const card = (title: string) => cards.find((item) => item.title === title)!;
    expect(card('from a friend')).toMatchObject({ relationship: 'following', mutualCount: 0 });
    expect(card('liked by friends')).toMatchObject({ relationship: 'mutual', mutualCount: 2 });
    expect(card('stranger')).toMatchObject({ relationship: null, mutualCount: 0 });
    expect(card('in a liked category')).toMatchObject({ isLiked: true, isSaved: false });
    expect(card('popular').likeCount).toBe(50);
  });

  it('shows a followed author’s new post before the worker has scored it', async () => {
    const reader = await signedIn(api);
    const friend = await newUser(api);
    await api.data.follow(reader.user.id, friend.id);
    await api.data.newActivity(friend.id, { title: 'just posted' });
    const cards = await allPages(reader.request, '/api/feed/for-you', 10);
    expect(titles(cards)).toEqual(['just posted']);
  });

  it('keeps its pages stable while posts arrive and scores refresh', async () => {
    const reader = await signedIn(api);
    const author = await newUser(api);
    for (let i = 0; i < 9; i += 1) {
      await api.data.newActivity(author.id, { title: `post ${i}`, likeCount: i });
    }
    await rescore();
    const first = titles(await allPages(reader.request, '/api/feed/for-you', 50));

    let round = 0;
    const scrolled = await allPages(reader.request, '/api/feed/for-you', 2, async () => {
      round += 1;
      await api.data.newActivity(author.id, { title: `arrived ${round}`, likeCount: 1000 });
      await api.db.query('UPDATE activities SET like_count = 0 WHERE title = $1', [first[0]]);
      await rescore();
    });
    expect(scrolled).toHaveLength(9);
    expect(titles(scrolled)).toEqual(first);

    const fresh = titles(await allPages(reader.request, '/api/feed/for-you', 50));
    expect(fresh[0]).toMatch(/^arrived /);
  });

  it('answers bad input with a 400, never a 500', async () => {
    const reader = await signedIn(api);
    const other = await signedIn(api);
    await api.data.newActivity((await newUser(api)).id, { title: 'one' });
    await api.data.newActivity((await newUser(api)).id, { title: 'two' });
    await rescore();
    const first = await reader.request({ method: 'GET', url: '/api/feed/for-you', query: { limit: '1' } });
    const cursor = first.json<FeedPage>().nextCursor!;
    expect(cursor).toEqual(expect.any(String));

    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const cases: Array<{ as: typeof reader.request; query: Record<string, string> }> = [
      { as: other.request, query: { cursor } },
      { as: reader.request, query: { cursor: forged('AAAAAAAAAAAAAAAA.1') } },
      { as: reader.request, query: { cursor: forged('nonsense') } },
      { as: reader.request, query: { cursor: '%%%' } },
      { as: reader.request, query: { limit: '51' } },
      { as: reader.request, query: { limit: '-1' } },
    ];
    for (const { as, query } of cases) {
      const response = await as({ method: 'GET', url: '/api/feed/for-you', query });
      expect(response.statusCode).toBe(400);
    }
    const stale = await other.request({ method: 'GET', url: '/api/feed/for-you', query: { cursor } });
    expect(stale.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', issues: [{ path: 'cursor', message: postMessages.invalidCursor }] },
    });
  });

  it('reads a first page in two statements and a later one in one, whatever the page size', async () => {
    const reader = await signedIn(api);
    const author = await newUser(api);
    for (let i = 0; i < 30; i += 1) {
      await api.data.newActivity(author.id, { title: `bulk ${i}` });
    }
    await rescore();
    for (const limit of [1, 25]) {
      const spy = jest.spyOn(api.db, 'query');
      const postStatements = () =>
        spy.mock.calls.filter(([sql]) => /\b(activities|dates|post_scores)\b/.test(sql)).length;
      try {
        const first = await reader.request({
          method: 'GET',
          url: '/api/feed/for-you',
          query: { limit: String(limit) },
        });
        expect(first.json<FeedPage>().items).toHaveLength(limit);
        expect(postStatements()).toBe(2);
        spy.mockClear();
        const cursor = first.json<FeedPage>().nextCursor!;
        const next = await reader.request({
          method: 'GET',
          url: '/api/feed/for-you',
          query: { limit: String(limit), cursor },
        });
        expect(next.json<FeedPage>().items.length).toBeGreaterThan(0);
        expect(postStatements()).toBe(1);
      } finally {
        spy.mockRestore();
      }
    }
  });
});
