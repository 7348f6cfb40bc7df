import {
  inputMessages,
  searchMessages,
  SEARCH_LIMITS,
  type Budget,
  type PostKind,
  type PostSearchPage,
} from '@datebook/contracts';
import { SearchIndexRepository } from '@datebook/db';
import type { Requester } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, visibilityCast } from '../testing/test-users';

interface Post {
  title: string;
  description?: string;
  tags?: string[];
  budget?: Budget;
  mood?: string;
  duration?: string;
  siteSpecific?: boolean;
  category?: string;
  createdAt?: Date;
  likeCount?: number;
  commentCount?: number;
  isCustom?: boolean;
  isPublic?: boolean;
}

/*
 * Each test searches for its own words, so the tests share one database. Posts are written
 * straight to the tables and indexed with the worker's SearchIndexRepository.
 */
describe('search: activities and dates', () => {
  const api = useTestApi();
  let index: SearchIndexRepository;
  const visitor: Requester = (options) => api.request(options);

  beforeAll(() => {
    index = new SearchIndexRepository(api.db);
  });

  async function insertPost(kind: PostKind, authorId: string, post: Post): Promise<string> {
    const { isPublic, mood, duration, siteSpecific, isCustom, ...shared } = post;
    const id =
      kind === 'activity'
        ? await api.data.newActivity(authorId, {
            ...shared,
            mood,
            duration,
            locationType: siteSpecific ? 'Site Specific' : 'Anywhere',
            isCustom,
          })
        : await api.data.newDate(authorId, { ...shared, isPublic });
    await index.indexPost(kind, id);
    return id;
  }
  const activity = (authorId: string, post: Post) => insertPost('activity', authorId, post);
  const date = (authorId: string, post: Post) => insertPost('date', authorId, post);

  async function search(
    as: Requester,
    kind: PostKind,
    query: Record<string, string>,
  ): Promise<PostSearchPage> {
    const response = await as({
      method: 'GET',
      url: kind === 'activity' ? '/api/search/activities' : '/api/search/dates',
      query,
    });
    expect(response.statusCode).toBe(200);
    return response.json<PostSearchPage>();
  }

  /** The titles of every page, following `nextCursor` with pages of `limit`. */
  async function allTitles(
    as: Requester,
    kind: PostKind,
    query: Record<string, string>,
    limit = 50,
  ): Promise<string[]> {
    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PostSearchPage = await search(as, kind, {
        ...query,
        limit: String(limit),
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      titles.push(...page.items.map((card) => card.title));
      cursor = page.nextCursor;
    } while (cursor);
    return titles;
  }
  const sorted = async (as: Requester, kind: PostKind, query: Record<string, string>) =>
    (await allTitles(as, kind, query)).sort();

  async function expectBadRequest(
    url: string,
    query: Record<string, string>,
    issue: { path: string; message: string },
  ): Promise<void> {
    const response = await api.request({ method: 'GET', url, query });
    expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    expect(response.json()).toMatchObject({ error: { issues: [issue] } });
  }

  it('obeys spec section 6 for every viewer, author and kind of post', async () => {
    const { publicAuthor, privateAuthor, admin, member, follower } = await visibilityCast(api);
    for (const [author, name] of [
      [publicAuthor, 'public'],
      [privateAuthor, 'private'],
      [admin, 'admin'],
    ] as const) {
      await activity(author.user.id, { title: `tangerine ${name} activity` });
      await activity(author.user.id, { title: `tangerine ${name} custom`, isCustom: true });
      await date(author.user.id, { title: `tangerine ${name} public date` });
      await date(author.user.id, { title: `tangerine ${name} private date`, isPublic: false });
      await api.data.follow(follower.user.id, author.user.id);
    }

    const viewers: Array<[string, Requester, { activities: string[]; dates: string[] }]> = [
      [
        'visitor',
        visitor,
        { activities: ['tangerine public activity'], dates: ['tangerine public public date'] },
      ],
      [
        'member',
        member.request,
        { activities: ['tangerine public activity'], dates: ['tangerine public public date'] },
      ],
      // Search hides private authors' posts from their followers too.
      [
        'follower',
        follower.request,
        { activities: ['tangerine public activity'], dates: ['tangerine public public date'] },
      ],
      ['owner', publicAuthor.request, { activities: [], dates: [] }],
      [
        'private author',
        privateAuthor.request,
        { activities: ['tangerine public activity'], dates: ['tangerine public public date'] },
      ],
      [
        'admin',
        admin.request,
        { activities: ['tangerine public activity'], dates: ['tangerine public public date'] },
      ],
    ];
    for (const [who, as, expected] of viewers) {
      expect({
        who,
        activities: await sorted(as, 'activity', { q: 'tangerine' }),
        dates: await sorted(as, 'date', { q: 'tangerine' }),
      }).toEqual({ who, ...expected });
    }
  });

  it('checks live visibility, so an index that lags behind a change never leaks', async () => {
    const author = await newUser(api);
    const activityId = await activity(author.id, { title: 'lagoon activity' });
    const dateId = await date(author.id, { title: 'lagoon date' });
    const found = async () => ({
      activities: await sorted(visitor, 'activity', { q: 'lagoon' }),
      dates: await sorted(visitor, 'date', { q: 'lagoon' }),
    });
    expect(await found()).toEqual({ activities: ['lagoon activity'], dates: ['lagoon date'] });

    // None of these changes is re-indexed.
    await api.db.query('UPDATE profiles SET is_private = true WHERE id = $1', [author.id]);
    expect(await found()).toEqual({ activities: [], dates: [] });
    await api.db.query('UPDATE profiles SET is_private = false, access_type = $2 WHERE id = $1', [
      author.id,
      'admin',
    ]);
    expect(await found()).toEqual({ activities: [], dates: [] });
    await api.db.query('UPDATE profiles SET access_type = $2 WHERE id = $1', [author.id, 'standard']);
    await api.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [author.id]);
    expect(await found()).toEqual({ activities: [], dates: [] });
    await api.db.query('UPDATE users SET deleted_at = NULL WHERE id = $1', [author.id]);
    await api.db.query('UPDATE dates SET visibility_public = false WHERE id = $1', [dateId]);
    await api.db.query('UPDATE activities SET is_custom = true WHERE id = $1', [activityId]);
    expect(await found()).toEqual({ activities: [], dates: [] });
    await api.db.query('UPDATE dates SET visibility_public = true WHERE id = $1', [dateId]);
    await api.db.query('DELETE FROM activities WHERE id = $1', [activityId]);
    expect(await found()).toEqual({ activities: [], dates: ['lagoon date'] });
  });

  it('matches a title substring, a tag, stemmed words anywhere, and a misspelled title', async () => {
    const author = await newUser(api);
    await activity(author.id, { title: 'Moonlit Kayaking Adventure' });
    await activity(author.id, { title: 'An evening out', tags: ['Stargazing', 'date night'] });
    const trail = await activity(author.id, {
      title: 'Trail mix',
      description: 'We went hiking along the ridge.',
    });
    await activity(author.id, { title: 'Picnic in the park' });
    await activity(author.id, { title: '100% fun, 0_0' });
    await date(author.id, { title: 'Café crawl downtown' });

    const cases: Array<[string, string[]]> = [
      // Inside a word: only the substring match finds it.
      ['ONLIT', ['Moonlit Kayaking Adventure']],
      ['moonlit kayak', ['Moonlit Kayaking Adventure']],
      ['stargazing', ['An evening out']],
      ['date night', ['An evening out']],
      // Description, stemmed: "hikes" and "hiking" are both "hike".
      ['hikes', ['Trail mix']],
      ['ridges', ['Trail mix']],
      ['picnik', ['Picnic in the park']],
      ['xylophone', []],
      // Wildcards are literal.
      ['%', ['100% fun, 0_0']],
      ['0_0', ['100% fun, 0_0']],
      // tsquery syntax and quotes are stripped from the word match, never an error.
      ['picnic & | ! ( ) : * \\ \' " <->', ['Picnic in the park']],
      ['!!!', []],
      ['\\', []],
    ];
    for (const [q, expected] of cases) {
      expect({ q, found: await sorted(visitor, 'activity', { q }) }).toEqual({ q, found: expected });
    }
    // Accents are ignored.
    expect(await sorted(visitor, 'date', { q: 'cafe' })).toEqual(['Café crawl downtown']);

    // A misspelling of a word a title gained when it was edited.
    expect(await sorted(visitor, 'activity', { q: 'lemonadde' })).toEqual([]);
    await api.db.query(`UPDATE activities SET title = 'Trail mix and lemonade' WHERE id = $1`, [trail]);
    await index.indexPost('activity', trail);
    expect(await sorted(visitor, 'activity', { q: 'lemonadde' })).toEqual(['Trail mix and lemonade']);
  });

  it('filters activities by budget, mood, time, category and specificity', async () => {
    const author = await newUser(api);
    await activity(author.id, {
      title: 'orchard one',
      budget: '$',
      mood: 'Exciting',
      duration: 'Under 30 minutes',
      siteSpecific: true,
      category: 'outdoors',
    });
    await activity(author.id, {
      title: 'orchard two',
      budget: '$$',
      mood: 'Intimate',
      duration: 'Under 4 hours',
      category: 'games',
    });
    await activity(author.id, {
      title: 'orchard three',
      budget: 'Free',
      mood: 'Chill',
      duration: 'Full Day',
    });

    const cases: Array<[Record<string, string>, string[]]> = [
      [{}, ['orchard one', 'orchard three', 'orchard two']],
      [
        { budget: 'Any', mood: 'Any', time: 'Any', category: 'Any', specificity: 'Any' },
        ['orchard one', 'orchard three', 'orchard two'],
      ],
      [{ budget: '$' }, ['orchard one']],
      [{ budget: '$$$' }, []],
      [{ mood: 'Adventurous' }, ['orchard one']],
      [{ mood: 'Romantic' }, ['orchard two']],
      [{ mood: 'Relaxing' }, ['orchard three']],
      [{ time: 'Under 30 minutes' }, ['orchard one']],
      [{ time: 'Under 1 hour' }, ['orchard one']],
      [{ time: 'Under 4 hours' }, ['orchard one', 'orchard two']],
      [{ time: 'Full Day' }, ['orchard three']],
      [{ time: 'Full Weekend' }, []],
      [{ specificity: 'Site-specific' }, ['orchard one']],
      [{ specificity: 'Non site-specific' }, ['orchard three', 'orchard two']],
      [{ category: 'outdoors' }, ['orchard one']],
      [{ category: 'games' }, ['orchard two']],
      [{ category: 'travel' }, []],
      [{ budget: '$$', category: 'games', mood: 'Romantic' }, ['orchard two']],
      [{ budget: '$', category: 'games' }, []],
    ];
    for (const [filters, expected] of cases) {
      expect({ filters, found: await sorted(visitor, 'activity', { q: 'orchard', ...filters }) }).toEqual({
        filters,
        found: expected,
      });
    }
  });

  it('filters dates by budget and category only, and browses by filters without words', async () => {
    const author = await newUser(api);
    await date(author.id, { title: 'vineyard anniversary', budget: '$', category: 'anniversary' });
    await date(author.id, { title: 'vineyard walk', budget: 'Free', category: 'nightlife' });
    await activity(author.id, { title: 'ferry ride', category: 'nightlife' });

    expect(await sorted(visitor, 'date', { q: 'vineyard', budget: '$' })).toEqual(['vineyard anniversary']);
    expect(await sorted(visitor, 'date', { q: 'vineyard', category: 'anniversary' })).toEqual([
      'vineyard anniversary',
    ]);
    // Dates have no mood, time or specificity: those filters do not apply to them.
    expect(
      await sorted(visitor, 'date', {
        q: 'vineyard',
        mood: 'Romantic',
        time: 'Full Day',
        specificity: 'Site-specific',
      }),
    ).toEqual(['vineyard anniversary', 'vineyard walk']);
    // No words: everything the filters match (no other test uses this category).
    expect(await sorted(visitor, 'date', { category: 'nightlife' })).toEqual(['vineyard walk']);
    expect(await sorted(visitor, 'activity', { category: 'nightlife', sort: 'Relevance' })).toEqual([
      'ferry ride',
    ]);
  });

  it('sorts by newest, relevance, popularity and rating, and pages every order by cursor', async () => {
    const author = await newUser(api);
    const followed = await newUser(api);
    for (let i = 0; i < 3; i += 1) {
      await api.data.follow((await newUser(api)).id, followed.id);
    }
    const saver = await newUser(api);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    // Engagement = likes + 2 × comments + 3 × saves; rating = (likes + 1) / (followers + likes + 20).
    await activity(author.id, { title: 'Quarry', createdAt: day(1), likeCount: 12 }); // 12; 13/32
    await activity(author.id, { title: 'Old quarry swim', createdAt: day(2), commentCount: 4 }); // 8; 1/20
    const saved = await activity(author.id, {
      title: 'Lake day',
      description: 'by the quarry',
      createdAt: day(3),
      likeCount: 2,
    }); // 2 + 3 = 5; 3/22
    await activity(followed.id, { title: 'Lake day', tags: ['quarry'], createdAt: day(4), likeCount: 2 }); // 2; 3/25
    await api.db.query(
      `INSERT INTO collection_items (collection_id, activity_id, added_by)
       SELECT id, $2, $1 FROM collections WHERE owner_id = $1 AND is_default`,
      [saver.id, saved],
    );
    await index.indexPost('activity', saved);

    const orders: Array<[string, string[]]> = [
      ['Newest', ['Lake day', 'Lake day', 'Old quarry swim', 'Quarry']],
      ['Most Popular', ['Quarry', 'Old quarry swim', 'Lake day', 'Lake day']],
      ['Highest Rated', ['Quarry', 'Lake day', 'Lake day', 'Old quarry swim']],
    ];
    for (const [sort, expected] of orders) {
      for (const limit of [1, 3, 50]) {
        expect({
          sort,
          limit,
          titles: await allTitles(visitor, 'activity', { q: 'quarry', sort }, limit),
        }).toEqual({
          sort,
          limit,
          titles: expected,
        });
      }
    }
    // Rating and popularity tell the two "Lake day" posts apart: the saved one, then the one whose
    // author has followers.
    const descriptions = async (sort: string) =>
      (await search(visitor, 'activity', { q: 'quarry', sort })).items
        .filter((card) => card.title === 'Lake day')
        .map((card) => card.description);
    expect(await descriptions('Most Popular')).toEqual(['by the quarry', '']);
    expect(await descriptions('Highest Rated')).toEqual(['by the quarry', '']);

    // Relevance: the title matches first (equal, so newest first), then a tag, then the description.
    for (const limit of [1, 2, 50]) {
      const relevant = (await allTitles(visitor, 'activity', { q: 'quarry' }, limit)).join(', ');
      expect(relevant).toBe('Old quarry swim, Quarry, Lake day, Lake day');
    }
    expect(await descriptions('Relevance')).toEqual(['', 'by the quarry']);
  });

  it('reads a page in one statement whatever its size', async () => {
    const author = await newUser(api);
    for (let i = 0; i < 12; i += 1) {
      await activity(author.id, { title: `bulk meadow ${i}` });
    }
    for (const sort of ['Newest', 'Relevance']) {
      const counts: number[] = [];
      for (const limit of [1, 12]) {
        const spy = jest.spyOn(api.db, 'query');
        try {
          const page = await search(visitor, 'activity', { q: 'meadow', sort, limit: String(limit) });
          expect(page.items).toHaveLength(limit);
          counts.push(spy.mock.calls.filter(([sql]) => /\bsearch_documents\b/.test(sql)).length);
        } finally {
          spy.mockRestore();
        }
      }
      expect({ sort, counts }).toEqual({ sort, counts: [1, 1] });
    }
  });

  it('marks what a member liked and saved', async () => {
    const author = await newUser(api);
    const member = await signedIn(api);
    const liked = await activity(author.id, { title: 'walrus liked' });
    const saved = await activity(author.id, { title: 'walrus saved' });
    await api.db.query('INSERT INTO likes (user_id, activity_id) VALUES ($1, $2)', [member.user.id, liked]);
    await api.db.query(
      `INSERT INTO collection_items (collection_id, activity_id, added_by)
       SELECT id, $2, $1 FROM collections WHERE owner_id = $1 AND is_default`,
      [member.user.id, saved],
    );
    const marks = async (as: Requester) =>
      (await search(as, 'activity', { q: 'walrus', sort: 'Newest' })).items.map((card) => ({
        title: card.title,
        isLiked: card.isLiked,
        isSaved: card.isSaved,
      }));
    expect(await marks(member.request)).toEqual([
      { title: 'walrus saved', isLiked: false, isSaved: true },
      { title: 'walrus liked', isLiked: true, isSaved: false },
    ]);
    expect(await marks(visitor)).toEqual([
      { title: 'walrus saved', isLiked: false, isSaved: false },
      { title: 'walrus liked', isLiked: false, isSaved: false },
    ]);
  });

  it('answers bad input with a 400 and its message, never a 500', async () => {
    const author = await newUser(api);
    await activity(author.id, { title: 'cursor test a' });
    await activity(author.id, { title: 'cursor test b' });
    const url = '/api/search/activities';
    await expectBadRequest(
      url,
      { q: 'x'.repeat(SEARCH_LIMITS.queryLength + 1) },
      {
        path: 'q',
        message: searchMessages.queryTooLong,
      },
    );
    await expectBadRequest(
      url,
      { q: 'picnic\u0007' },
      { path: 'q', message: inputMessages.controlCharacter },
    );
    for (const filter of ['budget', 'mood', 'time', 'specificity', 'sort', 'category']) {
      await expectBadRequest(
        url,
        { [filter]: 'Sleepy!' },
        { path: filter, message: searchMessages.unknownFilter },
      );
    }
    await expectBadRequest(
      url,
      { category: 'no-such-category' },
      {
        path: 'category',
        message: searchMessages.unknownFilter,
      },
    );

    const first = await search(visitor, 'activity', { q: 'cursor test', sort: 'Newest', limit: '1' });
    const relevance = await search(visitor, 'activity', { q: 'cursor test', limit: '1' });
    expect(first.nextCursor).not.toBeNull();
    expect(relevance.nextCursor).not.toBeNull();
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const badCursors: Array<[string, string]> = [
      ['Relevance', 'not a cursor!'],
      ['Newest', forged('n1_x')],
      ['Newest', forged('n999999999999999999_1')],
      ['Newest', forged('n1_99999999999999999999')],
      ['Relevance', forged('r1e-400_1')],
      ['Relevance', forged('rNaN_1')],
      ['Relevance', forged('r1_2_3')],
      ['Most Popular', forged('p1')],
      // A cursor of another order.
      ['Relevance', first.nextCursor!],
      ['Newest', relevance.nextCursor!],
      ['Highest Rated', relevance.nextCursor!],
    ];
    for (const [sort, cursor] of badCursors) {
      await expectBadRequest(
        url,
        { q: 'cursor test', sort, cursor },
        {
          path: 'cursor',
          message: searchMessages.invalidCursor,
        },
      );
    }
    await expectBadRequest(
      '/api/search/users',
      { q: 'x', cursor: forged('u1_1') },
      {
        path: 'cursor',
        message: searchMessages.invalidCursor,
      },
    );
  });
});
