import { EXPLORE_LIMITS, exploreMessages, type PostCard, type PostSearchPage } from '@datebook/contracts';
import { FeedScoresRepository } from '@datebook/db';
import { allGridPages, featured } from '../testing/explore-pages';
import type { Requester } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, visibilityCast } from '../testing/test-users';

/*
 * Featured and the grid list every visible activity, so each test builds its own little world in a
 * fresh database.
 */
describe('explore: Featured Activities and the Explore Activities grid', () => {
  const api = useTestApi({ each: true });
  const rescore = () => new FeedScoresRepository(api.db).rescoreRecent();
  const titles = (cards: PostCard[]) => cards.map((card) => card.title);
  const visitor: Requester = (options) => api.request(options);

  it('show visible activities only, never custom ones, dates, admins’ or one’s own', async () => {
    const { publicAuthor, privateAuthor, admin, member, follower } = await visibilityCast(api);
    for (const [author, name] of [
      [publicAuthor, 'public'],
      [privateAuthor, 'private'],
      [admin, 'admin'],
      [follower, 'follower'],
    ] as const) {
      await api.data.newActivity(author.user.id, { title: `${name} activity` });
      await api.data.newActivity(author.user.id, { title: `${name} custom`, isCustom: true });
      await api.data.newDate(author.user.id, { title: `${name} date` });
    }
    await api.data.follow(follower.user.id, privateAuthor.user.id);
    await api.data.follow(follower.user.id, admin.user.id);

    const expected: Array<[string, Requester, string[]]> = [
      ['visitor', visitor, ['follower activity', 'public activity']],
      ['member', member.request, ['follower activity', 'public activity']],
      ['follower', follower.request, ['private activity', 'public activity']],
      ['private author', privateAuthor.request, ['follower activity', 'public activity']],
      ['admin', admin.request, ['follower activity', 'public activity']],
    ];
    const seen = async (as: Requester) => ({
      grid: titles(await allGridPages(as, 1)).sort(),
      featured: titles(await featured(as)).sort(),
    });
    // Unscored (the fallback), then scored.
    for (const round of ['unscored', 'scored']) {
      for (const [who, as, visible] of expected) {
        expect({ round, who, ...(await seen(as)) }).toEqual({
          round,
          who,
          grid: visible,
          featured: visible,
        });
      }
      await rescore();
    }
  });

  it('mark what a member liked and saved, and nothing for a visitor', async () => {
    const author = await newUser(api);
    const member = await signedIn(api);
    const likedId = await api.data.newActivity(author.id, { title: 'liked' });
    const savedId = await api.data.newActivity(author.id, { title: 'saved' });
    await api.db.query('INSERT INTO likes (user_id, activity_id) VALUES ($1, $2)', [member.user.id, likedId]);
    await api.db.query(
      `INSERT INTO collection_items (collection_id, activity_id, added_by)
       SELECT id, $2, $1 FROM collections WHERE owner_id = $1 AND is_default`,
      [member.user.id, savedId],
    );
    const marks = (cards: PostCard[]) =>
      Object.fromEntries(cards.map((card) => [card.title, [card.isLiked, card.isSaved, card.likeCount]]));
    const expectedForMember = { liked: [true, false, 1], saved: [false, true, 0] };
    expect(marks(await allGridPages(member.request, 10))).toEqual(expectedForMember);
    expect(marks(await featured(member.request))).toEqual(expectedForMember);
    const expectedForVisitor = { liked: [false, false, 1], saved: [false, false, 0] };
    expect(marks(await allGridPages(visitor, 10))).toEqual(expectedForVisitor);
    expect(marks(await featured(visitor))).toEqual(expectedForVisitor);
  });

  it('feature the best-scored activities, then the newest unscored ones, up to the limit', async () => {
    const author = await newUser(api);
    const dayAgo = new Date(Date.now() - 86_400_000);
    await api.data.newActivity(author.id, { title: 'old but loved', likeCount: 500, createdAt: dayAgo });
    await api.data.newActivity(author.id, { title: 'liked', likeCount: 20 });
    await api.data.newActivity(author.id, { title: 'quiet' });
    await api.data.newActivity(author.id, { title: 'old and quiet', createdAt: dayAgo });
    expect(titles(await featured(visitor))).toEqual(['quiet', 'liked', 'old and quiet', 'old but loved']);

    await rescore();
    await api.data.newActivity(author.id, { title: 'unscored, newest' });
    await api.data.newActivity(author.id, {
      title: 'unscored, older',
      createdAt: new Date(Date.now() - 60_000),
    });
    expect(titles(await featured(visitor))).toEqual([
      'old but loved',
      'liked',
      'quiet',
      'old and quiet',
      'unscored, newest',
      'unscored, older',
    ]);

    for (let i = 0; i < EXPLORE_LIMITS.featured; i += 1) {
      await api.data.newActivity(author.id, { title: `popular ${i}`, likeCount: 1000 + i });
    }
    await rescore();
    const full = titles(await featured(visitor));
    expect(full).toHaveLength(EXPLORE_LIMITS.featured);
    expect(full[0]).toBe(`popular ${EXPLORE_LIMITS.featured - 1}`);
    expect(full).not.toContain('quiet');
  });

  it('drop a featured activity as soon as its author goes private, before any rescore', async () => {
    const author = await newUser(api);
    const follower = await signedIn(api);
    await api.data.follow(follower.user.id, author.id);
    await api.data.newActivity(author.id, { title: 'soon private', likeCount: 10 });
    await rescore();
    expect(titles(await featured(visitor))).toEqual(['soon private']);
    await api.db.query('UPDATE profiles SET is_private = true WHERE id = $1', [author.id]);
    expect(titles(await featured(visitor))).toEqual([]);
    expect(titles(await featured(follower.request))).toEqual(['soon private']);
  });

  it('page the grid newest first with no duplicates or gaps while activities arrive', async () => {
    const author = await newUser(api);
    const base = Date.now() - 3_600_000;
    // Three share one instant: the id breaks the tie.
    for (let i = 0; i < 9; i += 1) {
      await api.data.newActivity(author.id, {
        title: `post ${i}`,
        createdAt: new Date(base + Math.min(i, 6) * 1000),
      });
    }
    const first = titles(await allGridPages(visitor, 50));
    expect(first).toEqual([
      'post 8',
      'post 7',
      'post 6',
      'post 5',
      'post 4',
      'post 3',
      'post 2',
      'post 1',
      'post 0',
    ]);

    let round = 0;
    const scrolled = await allGridPages(visitor, 2, async () => {
      round += 1;
      await api.data.newActivity(author.id, { title: `arrived ${round}` });
    });
    expect(titles(scrolled)).toEqual(first);
    expect(titles(await allGridPages(visitor, 50)).slice(0, 2)).toEqual(['arrived 4', 'arrived 3']);
  });

  it('answers a tampered cursor or a bad limit with a 400', async () => {
    const author = await newUser(api);
    await api.data.newActivity(author.id, { title: 'one' });
    await api.data.newActivity(author.id, { title: 'two' });
    const first = await api.request({ method: 'GET', url: '/api/explore/activities', query: { limit: '1' } });
    expect(first.json<PostSearchPage>().nextCursor).toEqual(expect.any(String));

    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const badQueries: Record<string, string>[] = [
      { cursor: forged('nonsense') },
      { cursor: forged('1_a1') },
      { cursor: forged('999999999999999999_1') },
      { cursor: '%%%' },
      { cursor: 'x'.repeat(201) },
      { limit: String(EXPLORE_LIMITS.gridMax + 1) },
      { limit: '0' },
      { limit: 'ten' },
    ];
    for (const query of badQueries) {
      const response = await api.request({ method: 'GET', url: '/api/explore/activities', query });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    const tampered = await api.request({
      method: 'GET',
      url: '/api/explore/activities',
      query: { cursor: forged('12_34x') },
    });
    expect(tampered.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'cursor', message: exploreMessages.invalidCursor }],
      },
    });
  });

  it('read each answer in one statement, whatever the page size', async () => {
    const member = await signedIn(api);
    const author = await newUser(api);
    for (let i = 0; i < 30; i += 1) {
      await api.data.newActivity(author.id, { title: `bulk ${i}`, likeCount: i % 3 });
    }
    await rescore();
    for (const limit of [1, 25]) {
      const spy = jest.spyOn(api.db, 'query');
      const postStatements = () => spy.mock.calls.filter(([sql]) => /\bactivities\b/.test(sql)).length;
      try {
        const grid = await member.request({
          method: 'GET',
          url: '/api/explore/activities',
          query: { limit: String(limit) },
        });
        expect(grid.json<PostSearchPage>().items).toHaveLength(limit);
        expect(postStatements()).toBe(1);
        spy.mockClear();
        expect(await featured(member.request)).toHaveLength(EXPLORE_LIMITS.featured);
        expect(postStatements()).toBe(1);
      } finally {
        spy.mockRestore();
      }
    }
  });
});
