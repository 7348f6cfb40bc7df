import {
  createTemplateDatabase,
  DEFAULT_ADMIN_URL,
  dropDatabase,
  uniqueDatabaseName,
} from '@datebook/db/testing';
import type { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import {
  CollectionItemsRepository,
  ExploreRepository,
  FeedRepository,
  FeedScoresRepository,
  OutboxRepository,
  PlanEventsRepository,
  PlanListsRepository,
  PlanShareRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
  PlansRepository,
  PostsRepository,
  SearchRepository,
  type FeedKey,
  type FeedPosition,
} from './repositories';
import { lockedStateSql } from './repositories/plan-op-sql';

/*
 * Not a benchmark: a few thousand rows, enough for the planner to prefer indexes, and a check that
 * the list and lookup queries the app depends on are served by the index made for them rather than
 * a sequential scan and sort. The home feed's checks add 200,000 posts first (see there). The hot
 * queries are measured at scale by bench/ (bench/explain.mjs prints their plans on a million posts).
 */

const name = uniqueDatabaseName('db_plans');
let db: DataSource;
let someUser: string;
let pivot: { created_at: string; id: string };

const SEED_SQL = `
  INSERT INTO users (email, password_hash)
    SELECT 'user' || g || '@example.test', 'hash' FROM generate_series(1, 300) g;
  INSERT INTO profiles (id, username, display_name)
    SELECT id, 'user' || n, 'Display ' || n
    FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users) u;
  CREATE TEMP TABLE p AS SELECT id, (row_number() OVER (ORDER BY id)) - 1 AS n FROM profiles;

  INSERT INTO activities (user_id, title, description, tags, is_custom, created_at)
    SELECT p.id, 'Activity ' || g || CASE WHEN g % 97 = 0 THEN ' kayaking' ELSE '' END, 'About ' || g,
           ARRAY['tag' || (g % 50)], g % 20 = 0, now() - g * interval '1 minute'
    FROM generate_series(1, 6000) g JOIN p ON p.n = g % 300;
  INSERT INTO dates (user_id, title, visibility_public, created_at)
    SELECT p.id, 'Date ' || g, g % 5 <> 0, now() - g * interval '1 minute'
    FROM generate_series(1, 6000) g JOIN p ON p.n = g % 300;
  INSERT INTO post_media (user_id, activity_id, media_type, display_key, storage_key, position)
    SELECT a.user_id, a.id, 'photo', a.id || '/' || k || '-1080.jpg', a.id || '/' || k, k
    FROM activities a, generate_series(0, 1) k;
  INSERT INTO follows (follower_id, following_id, created_at)
    SELECT a.id, b.id, now() - k * interval '1 hour'
    FROM p a, generate_series(1, 20) k JOIN p b ON true WHERE b.n = (a.n + k) % 300;
  INSERT INTO follow_requests (requester_id, target_id, created_at)
    SELECT a.id, b.id, now() - k * interval '1 hour'
    FROM p a, generate_series(21, 25) k JOIN p b ON true WHERE b.n = (a.n + k) % 300;
  INSERT INTO collections (owner_id, name, is_default, updated_at)
    SELECT p.id, 'Collection ' || k, k = 0, now() - k * interval '1 day' FROM p, generate_series(0, 4) k;
  INSERT INTO collection_items (collection_id, activity_id, added_by, added_at)
    SELECT c.id, a.id, c.owner_id, now() - a.id * interval '1 second'
    FROM collections c JOIN LATERAL (SELECT id FROM activities ORDER BY random() LIMIT 4) a ON true;
  INSERT INTO likes (user_id, activity_id)
    SELECT p.id, a.id FROM p JOIN LATERAL (SELECT id FROM activities WHERE id % 300 = p.n LIMIT 15) a ON true;
  INSERT INTO comments (user_id, activity_id, body)
    SELECT p.id, a.id, 'Comment' FROM p JOIN LATERAL (SELECT id FROM activities WHERE id % 150 = p.n % 150 LIMIT 10) a ON true;
  INSERT INTO planned_dates (owner_id, title, status, updated_at)
    SELECT p.id, 'Plan ' || k, (ARRAY['draft', 'prepared', 'completed'])[1 + k % 3], now() - k * interval '1 hour'
    FROM p, generate_series(1, 7) k;
  INSERT INTO outbox (event_type, payload, dispatched_at)
    SELECT 'seed', '{}', CASE WHEN g > 5990 THEN NULL ELSE now() END FROM generate_series(1, 6000) g;
  -- More documents than posts: below ~10k rows a sequential scan beats any GIN index.
  INSERT INTO search_documents (kind, entity_id, title, body, tags, author_id, username, display_name, created_at)
    SELECT 'activity', g::text,
           (ARRAY['Picnic', 'Sunset', 'Museum', 'Cooking', 'Hike', 'Concert', 'Wine', 'Board game'])[1 + g % 8] || ' ' ||
           (ARRAY['in the park', 'downtown', 'at home', 'by the lake', 'class', 'night'])[1 + g % 6] ||
           CASE WHEN g % 97 = 0 THEN ' kayaking' ELSE '' END,
           'Something to do together, idea ' || g, ARRAY['tag' || (g % 50)], p.id, 'user' || p.n, 'Display ' || p.n,
           now() - g * interval '1 minute'
    FROM generate_series(1, 40000) g JOIN p ON p.n = g % 300;
  INSERT INTO search_documents (kind, entity_id, title, author_id, username, display_name, created_at)
    SELECT 'profile', id::text, display_name, id, username, display_name, created_at FROM profiles;
  ANALYZE;
`;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}

/** The one statement a repository call sends, captured instead of run. */
async function captured(
  call: (recorder: DataSource) => Promise<unknown>,
): Promise<{ sql: string; parameters: unknown[] }> {
  let statement: { sql: string; parameters: unknown[] } | undefined;
  const recorder = {
    query: (sql: string, parameters: unknown[] = []) => {
      statement = { sql, parameters };
      return Promise.resolve([]);
    },
  } as unknown as DataSource;
  await call(recorder);
  return statement!;
}

/** The indexes a query's plan reads and the tables it scans sequentially. */
async function plan(
  sql: string,
  parameters: unknown[] = [],
): Promise<{ indexes: string[]; seqScans: string[] }> {
  const rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> = await db.query(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    parameters,
  );
  const nodes = flatten(rows[0]!['QUERY PLAN'][0]!.Plan);
  return {
    indexes: nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])),
    seqScans: nodes.flatMap((node) => (node['Node Type'] === 'Seq Scan' ? [node['Relation Name']!] : [])),
  };
}

beforeAll(async () => {
  const url = await createTemplateDatabase(DEFAULT_ADMIN_URL, name);
  db = createDataSource({ url, poolSize: 2 });
  await db.initialize();
  await db.query(SEED_SQL);
  someUser = (await db.query<Array<{ id: string }>>(`SELECT id FROM profiles WHERE username = 'user42'`))[0]!
    .id;
  pivot = (
    await db.query<Array<{ created_at: string; id: string }>>(
      `SELECT created_at::text, id::text FROM activities WHERE is_custom = false
       ORDER BY created_at DESC, id DESC OFFSET 3000 LIMIT 1`,
    )
  )[0]!;
});

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(DEFAULT_ADMIN_URL, name);
});

const cases: Array<[string, () => string, string, string]> = [
  [
    'for-you activities feed, first page',
    () => `SELECT id FROM activities WHERE is_custom = false ORDER BY created_at DESC, id DESC LIMIT 20`,
    'activities_feed_idx',
    'activities',
  ],
  [
    'for-you activities feed, deep keyset page',
    () => `SELECT id FROM activities WHERE is_custom = false AND (created_at, id) < ('${pivot.created_at}', ${pivot.id})
           ORDER BY created_at DESC, id DESC LIMIT 20`,
    'activities_feed_idx',
    'activities',
  ],
  [
    'public dates feed',
    () => `SELECT id FROM dates WHERE visibility_public ORDER BY created_at DESC, id DESC LIMIT 20`,
    'dates_feed_idx',
    'dates',
  ],
  [
    "a profile's activities",
    () =>
      `SELECT id FROM activities WHERE user_id = '${someUser}' ORDER BY created_at DESC, id DESC LIMIT 20`,
    'activities_user_created_idx',
    'activities',
  ],
  [
    "a profile's dates",
    () => `SELECT id FROM dates WHERE user_id = '${someUser}' ORDER BY created_at DESC, id DESC LIMIT 20`,
    'dates_user_created_idx',
    'dates',
  ],
  [
    'following feed',
    () => `SELECT a.id FROM activities a
           WHERE a.user_id IN (SELECT following_id FROM follows WHERE follower_id = '${someUser}') AND a.is_custom = false
           ORDER BY a.created_at DESC, a.id DESC LIMIT 20`,
    'follows_pair_key',
    'activities',
  ],
  [
    'followers list',
    () =>
      `SELECT follower_id FROM follows WHERE following_id = '${someUser}' ORDER BY created_at DESC, id DESC LIMIT 20`,
    'follows_following_idx',
    'follows',
  ],
  [
    'following list',
    () =>
      `SELECT following_id FROM follows WHERE follower_id = '${someUser}' ORDER BY created_at DESC, id DESC LIMIT 20`,
    'follows_follower_idx',
    'follows',
  ],
  [
    "a user's collections, default first",
    () =>
      `SELECT id FROM collections WHERE owner_id = '${someUser}' ORDER BY is_default DESC, updated_at DESC, id DESC`,
    'collections_owner_order_idx',
    'collections',
  ],
  [
    "a collection's items",
    () => `SELECT id FROM collection_items WHERE collection_id = (SELECT min(id) FROM collections)
           ORDER BY added_at DESC, id DESC LIMIT 20`,
    'collection_items_collection_added_idx',
    'collection_items',
  ],
  [
    'media of a page of activities',
    () => `SELECT activity_id, display_key FROM post_media WHERE activity_id = ANY('{10,11,12,13,14}'::bigint[])
           ORDER BY activity_id, position`,
    'post_media_activity_idx',
    'post_media',
  ],
  [
    'which of a page of activities the viewer liked',
    () =>
      `SELECT activity_id FROM likes WHERE user_id = '${someUser}' AND activity_id = ANY('{10,11,12,13,14}'::bigint[])`,
    'likes_user_activity_key',
    'likes',
  ],
  [
    "a post's comments",
    () => `SELECT id FROM comments WHERE activity_id = 10 ORDER BY created_at, id LIMIT 20`,
    'comments_activity_idx',
    'comments',
  ],
  [
    "a user's draft plans",
    () =>
      `SELECT id FROM planned_dates WHERE owner_id = '${someUser}' AND status = 'draft' ORDER BY updated_at DESC`,
    'planned_dates_owner_status_idx',
    'planned_dates',
  ],
  [
    'the outbox relay claim',
    () => `SELECT id FROM outbox WHERE dispatched_at IS NULL AND available_at <= now()
           ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
    'outbox_pending_idx',
    'outbox',
  ],
  [
    'full-text search (all matches, as ranking reads them)',
    () => `SELECT entity_id, ts_rank(document, q) FROM search_documents, websearch_to_tsquery('datebook_search', 'kayaking') q
           WHERE kind = 'activity' AND document @@ q`,
    'search_documents_document_idx',
    'search_documents',
  ],
  [
    'fuzzy title search (all matches)',
    () => `SELECT entity_id FROM search_documents WHERE lower(title) LIKE '%kayak%'`,
    'search_documents_title_trgm_idx',
    'search_documents',
  ],
  [
    'users search by username',
    () =>
      `SELECT entity_id FROM search_documents WHERE kind = 'profile' AND lower(username) LIKE '%user42%' LIMIT 10`,
    'search_documents_username_trgm_idx',
    'search_documents',
  ],
  [
    'users search by display name',
    () =>
      `SELECT entity_id FROM search_documents WHERE kind = 'profile' AND lower(display_name) LIKE '%display 42%' LIMIT 10`,
    'search_documents_display_name_trgm_idx',
    'search_documents',
  ],
  [
    'which of a page of activities the viewer saved',
    () => `SELECT i.activity_id FROM collection_items i JOIN collections c ON c.id = i.collection_id
           WHERE c.owner_id = '${someUser}' AND i.activity_id = ANY('{10,11,12,13,14}'::bigint[])`,
    'collection_items_activity_idx',
    'collection_items',
  ],
];

describe('query plans on seeded data', () => {
  it.each(cases)('%s uses its index', async (_label, sql, index, table) => {
    const { indexes, seqScans } = await plan(sql());
    expect(indexes).toContain(index);
    expect(seqScans).not.toContain(table);
  });
});

/*
 * Saved Posts runs the repository's own page query, visibility predicate included, for a member
 * whose saves outnumber everyone else's items: a first page and one deep in, by keyset cursor.
 */
describe('the saved-posts page', () => {
  const SAVES = 8000;
  let saver: string;
  let defaultId: string;

  beforeAll(async () => {
    saver = (await db.query<Array<{ id: string }>>(`SELECT id FROM profiles WHERE username = 'user7'`))[0]!
      .id;
    defaultId = (
      await db.query<Array<{ id: string }>>('SELECT id FROM collections WHERE owner_id = $1 AND is_default', [
        saver,
      ])
    )[0]!.id;
    await db.query(
      `INSERT INTO collection_items (collection_id, activity_id, date_id, added_by, added_at)
       SELECT $1, CASE WHEN g % 2 = 0 THEN a.id END, CASE WHEN g % 2 = 1 THEN d.id END, $2,
              now() - g * interval '1 second'
         FROM generate_series(1, $3::int) g
         JOIN activities a ON a.id = (SELECT min(id) FROM activities) + g / 2
         JOIN dates d ON d.id = (SELECT min(id) FROM dates) + g / 2
       ON CONFLICT DO NOTHING`,
      [defaultId, saver, SAVES],
    );
    await db.query('ANALYZE collection_items');
  });

  /** The statement `listPage` sends, explained instead of run. */
  async function pagePlan(after?: { createdAtMicros: string; id: string }) {
    let captured: { sql: string; parameters: unknown[] } | undefined;
    const recorder = {
      query: (sql: string, parameters: unknown[]) => {
        captured = { sql, parameters };
        return Promise.resolve([]);
      },
    } as unknown as DataSource;
    await new CollectionItemsRepository(recorder).listPage(saver, defaultId, { after, limit: 20 });
    return plan(captured!.sql, captured!.parameters);
  }

  it('reads the first page and a deep one through the collection index, never scanning all items', async () => {
    const [deep] = await db.query<Array<{ id: string; micros: string }>>(
      `SELECT id::text, (extract(epoch FROM added_at) * 1000000)::bigint::text AS micros FROM collection_items
        WHERE collection_id = $1 ORDER BY added_at DESC, id DESC OFFSET $2 LIMIT 1`,
      [defaultId, Math.floor(SAVES * 0.4)],
    );
    expect(deep).toBeDefined();
    for (const page of [await pagePlan(), await pagePlan({ createdAtMicros: deep!.micros, id: deep!.id })]) {
      expect(page.indexes).toContain('collection_items_collection_added_idx');
      expect(page.seqScans).not.toContain('collection_items');
    }
  });
});

/** Tables with a row per post, follow or engagement: none of them may be read sequentially. */
const LARGE = [
  'activities',
  'dates',
  'follows',
  'post_scores',
  'likes',
  'comments',
  'collection_items',
  'post_media',
  'search_documents',
];

function expectNoLargeSeqScan(seqScans: string[]) {
  expect(seqScans.filter((table) => LARGE.includes(table))).toEqual([]);
}

/*
 * The home feed's statements as FeedRepository sends them, for a member who follows 20 people whose
 * posts are a small share of the tables: every read starts from an index on the member's follows,
 * the authors' posts or the global score, never from a scan of the posts.
 */
describe('the home feed', () => {
  /*
   * For You checks each of its ~600 candidates' visibility with a lookup by key. Against a few
   * thousand posts the planner rightly prefers hashing every visible post instead (one scan of each
   * table), which at a million posts would be a disaster. More posts, all scored (recent enough for
   * the rescore), make the tables as much larger than the candidate set as the planner needs to
   * choose as it does in production.
   */
  const MORE_POSTS = 100_000;

  beforeAll(async () => {
    await db.query(
      `INSERT INTO activities (user_id, title, is_custom, created_at)
         SELECT p.id, 'Activity ' || g, g % 20 = 0, now() - interval '5 days' - g * interval '10 seconds'
           FROM generate_series(1, $1::int) g JOIN p ON p.n = g % 300`,
      [MORE_POSTS],
    );
    await db.query(
      `INSERT INTO dates (user_id, title, visibility_public, created_at)
         SELECT p.id, 'Date ' || g, g % 5 <> 0, now() - interval '5 days' - g * interval '10 seconds'
           FROM generate_series(1, $1::int) g JOIN p ON p.n = g % 300`,
      [MORE_POSTS],
    );
    await new FeedScoresRepository(db).rescoreRecent();
    await db.query('ANALYZE activities, dates, post_scores');
  });

  it("reads a Following page, first and deep, through the follows and each author's posts", async () => {
    const [deep] = await db.query<Array<{ micros: string; id: string }>>(
      `SELECT (extract(epoch FROM a.created_at) * 1000000)::bigint::text AS micros, a.id::text FROM activities a
        WHERE a.user_id IN (SELECT following_id FROM follows WHERE follower_id = $1)
        ORDER BY a.created_at DESC, a.id DESC OFFSET 200 LIMIT 1`,
      [someUser],
    );
    const after: FeedPosition = { createdAtMicros: deep!.micros, kind: 'activity', id: deep!.id };
    for (const position of [undefined, after]) {
      const statement = await captured((recorder) =>
        new FeedRepository(recorder).following(someUser, { after: position, limit: 20 }),
      );
      const { indexes, seqScans } = await plan(statement.sql, statement.parameters);
      expect(indexes).toEqual(
        expect.arrayContaining([
          'activities_user_created_idx',
          'dates_user_created_idx',
          'post_media_activity_idx',
        ]),
      );
      expect(
        indexes.some((index) => index.startsWith('follows_follower') || index === 'follows_pair_key'),
      ).toBe(true);
      expectNoLargeSeqScan(seqScans);
    }
  });

  it("ranks For You from the top of the global score and the follows' newest posts", async () => {
    const statement = await captured((recorder) => new FeedRepository(recorder).forYouRanking(someUser));
    const { indexes, seqScans } = await plan(statement.sql, statement.parameters);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'post_scores_rank_idx',
        'activities_user_created_idx',
        'dates_user_created_idx',
      ]),
    );
    expectNoLargeSeqScan(seqScans);
  });

  it('reads the cards of a For You page by key', async () => {
    const keys = await db.query<FeedKey[]>(
      `SELECT kind, post_id::text AS id FROM post_scores ORDER BY score DESC LIMIT 20`,
    );
    const statement = await captured((recorder) => new FeedRepository(recorder).cards(someUser, keys));
    const { indexes, seqScans } = await plan(statement.sql, statement.parameters);
    expect(indexes).toEqual(
      expect.arrayContaining(['activities_pkey', 'dates_pkey', 'post_media_activity_idx']),
    );
    expectNoLargeSeqScan(seqScans);
  });
});

/*
 * Explore and Search as their repositories send them (after the home feed's posts are added, so the
 * post tables are as large as there). Search finds a rare word through the text GIN index and the
 * newest matches of a common one by walking (kind, created_at); members through the trigram index
 * on usernames. Explore walks the score and feed indexes from their first rows.
 */
describe('explore and search', () => {
  const explore = (call: (repository: ExploreRepository) => Promise<unknown>) =>
    captured((recorder) => call(new ExploreRepository(recorder)));
  const search = (call: (repository: SearchRepository) => Promise<unknown>) =>
    captured((recorder) => call(new SearchRepository(recorder)));

  const cases: Array<[string, () => ReturnType<typeof captured>, string]> = [
    ['Featured Activities', () => explore((r) => r.featured(someUser, 8)), 'post_scores_activity_rank_idx'],
    [
      'the Explore Activities grid',
      () => explore((r) => r.activities(null, { limit: 21 })),
      'activities_feed_idx',
    ],
    ['suggested creators', () => explore((r) => r.suggestedCreators(someUser, 5)), 'follows_pair_key'],
    [
      'activities matching a rare word, by relevance',
      () =>
        search((r) =>
          r.posts('activity', someUser, { q: 'zorbing', filters: {}, sort: 'relevance', limit: 11 }),
        ),
      'search_documents_document_idx',
    ],
    [
      'the newest activities matching a common word',
      () =>
        search((r) => r.posts('activity', someUser, { q: 'picnic', filters: {}, sort: 'newest', limit: 11 })),
      'search_documents_kind_created_idx',
    ],
    [
      'members by name',
      () => search((r) => r.users(someUser, { q: 'user4', limit: 11 })),
      'search_documents_username_trgm_idx',
    ],
  ];

  // A word in a handful of the 40,000 documents, as a rare word is in a million.
  beforeAll(async () => {
    await db.query(
      `INSERT INTO search_documents (kind, entity_id, title, author_id, created_at)
       SELECT 'activity', (1000000 + g)::text, 'Zorbing down the hill ' || g, id, now() - g * interval '1 hour'
         FROM profiles, generate_series(1, 10) g WHERE username = 'user42'`,
    );
    await db.query('ANALYZE search_documents');
  });

  it.each(cases)('%s', async (_label, statement, index) => {
    const { sql, parameters } = await statement();
    const { indexes, seqScans } = await plan(sql, parameters);
    expect(indexes).toContain(index);
    expectNoLargeSeqScan(seqScans);
  });

  it('finds members by the close spellings of a misspelled name through the trigram indexes', async () => {
    const statements: Array<{ sql: string; parameters: unknown[] }> = [];
    const recorder = {
      query: (sql: string, parameters: unknown[] = []) => {
        statements.push({ sql, parameters });
        // The vocabulary's answer for "displya": the name word the misspelling is close to.
        return Promise.resolve(statements.length === 1 ? [{ word: 'display' }] : []);
      },
    } as unknown as DataSource;
    await new SearchRepository(recorder).users(someUser, { q: 'displya', limit: 11 });
    expect(statements).toHaveLength(2);
    const [vocabulary, members] = statements;
    expect(await db.query(vocabulary!.sql, vocabulary!.parameters)).toEqual([{ word: 'display' }]);
    const { indexes, seqScans } = await plan(members!.sql, members!.parameters);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'search_documents_username_trgm_idx',
        'search_documents_display_name_trgm_idx',
      ]),
    );
    expectNoLargeSeqScan(seqScans);
  });

  it('tells each member found whether the searcher follows them or waits on a request, by key', async () => {
    const { sql, parameters } = await search((r) => r.users(someUser, { q: 'user4', limit: 11 }));
    const { indexes } = await plan(sql, parameters);
    expect(indexes).toContain('follow_requests_pkey');
    expect(
      indexes.some((index) => index.startsWith('follows_follower') || index === 'follows_pair_key'),
    ).toBe(true);
  });
});

/*
 * The plan repositories' statements as they are sent, after every plan has collaborators, entries
 * and a history, and some completed plans published a recap: each reads by key or through the
 * index made for it. The recap branch of the date visibility predicate must not make a feed or a
 * profile's dates read the plan tables sequentially.
 */
describe('plans', () => {
  let planId: string;
  let opId: string;
  let member: string;
  let ownerUsername: string;
  let stranger: string;

  beforeAll(async () => {
    // Many more members and plans than the shared seed, as the plan tables and profiles are at
    // scale: against a few hundred rows the planner rightly hashes whole tables instead.
    await db.query(`
      INSERT INTO users (email, password_hash)
        SELECT 'planner' || g || '@example.test', 'hash' FROM generate_series(1, 30000) g;
      INSERT INTO profiles (id, username, display_name)
        SELECT id, 'planner_' || split_part(email, '@', 1), NULL FROM users WHERE email LIKE 'planner%';
      INSERT INTO planned_dates (owner_id, title, status, updated_at)
        SELECT pr.id, 'Plan ' || k, (ARRAY['draft', 'prepared', 'completed'])[1 + k % 3], now() - k * interval '1 hour'
          FROM profiles pr, generate_series(1, 2) k WHERE pr.username LIKE 'planner%';
    `);
    await db.query(`
      INSERT INTO plan_collaborators (planned_date_id, user_id)
        SELECT pd.id, b.id FROM planned_dates pd JOIN p a ON a.id = pd.owner_id
          JOIN generate_series(1, 2) k ON true JOIN p b ON b.n = (a.n + k) % 300;
      INSERT INTO planned_date_activities (planned_date_id, activity_id, is_custom, custom_details, deleted_at)
        SELECT pd.id, CASE WHEN k % 2 = 0 THEN (SELECT min(id) FROM activities) + (pd.id * 5 + k) % 5000 END, k % 2 = 1,
               'Idea ' || k, CASE WHEN k = 5 THEN now() END
          FROM planned_dates pd, generate_series(1, 5) k WHERE pd.owner_id IN (SELECT id FROM p);
      INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result)
        SELECT pd.id, k, gen_random_uuid(), pd.owner_id, 'seed', '{}', '{}' FROM planned_dates pd, generate_series(1, 20) k
         WHERE pd.owner_id IN (SELECT id FROM p);
      UPDATE planned_dates pd SET published_date_id = d.id
        FROM dates d WHERE pd.status = 'completed' AND d.id = (SELECT min(id) FROM dates) + pd.id % 5000;
      ANALYZE users, profiles, planned_dates, planned_date_activities, plan_collaborators, plan_events;
    `);
    member = someUser;
    planId = (
      await db.query<Array<{ id: string }>>(
        `SELECT id::text FROM planned_dates WHERE owner_id = $1 AND status <> 'draft' ORDER BY id LIMIT 1`,
        [member],
      )
    )[0]!.id;
    opId = (
      await db.query<Array<{ op_id: string }>>(
        `SELECT op_id FROM plan_events WHERE plan_id = $1 AND version = 3`,
        [planId],
      )
    )[0]!.op_id;
    ownerUsername = 'user42';
    stranger = (
      await db.query<Array<{ id: string }>>(
        `SELECT p.id FROM profiles p WHERE p.id <> $1
          AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.following_id = p.id)
        ORDER BY p.username LIMIT 1`,
        [member],
      )
    )[0]!.id;
  });

  const PLAN_TABLES = [
    'planned_dates',
    'planned_date_activities',
    'plan_collaborators',
    'plan_events',
    'profiles',
    'users',
  ];
  const cursor = { updatedAtMicros: String((Date.now() - 3 * 3600 * 1000) * 1000), id: '999999' };

  const cases: Array<[string, () => ReturnType<typeof captured>, string[]]> = [
    [
      "a member's drafts, first page",
      () => captured((r) => new PlanListsRepository(r).drafts(member, { limit: 20 })),
      ['planned_dates_owner_status_idx'],
    ],
    [
      "a member's drafts, keyset page",
      () => captured((r) => new PlanListsRepository(r).drafts(member, { after: cursor, limit: 20 })),
      ['planned_dates_owner_status_idx'],
    ],
    [
      "a member's shared and completed plans",
      () =>
        captured((r) => new PlanListsRepository(r).sharedAndCompleted(member, { after: cursor, limit: 20 })),
      ['planned_dates_owner_status_idx', 'plan_collaborators_user_idx', 'planned_dates_pkey'],
    ],
    [
      "a member's Planned preview",
      () => captured((r) => new PlanListsRepository(r).preview(member, 3)),
      ['planned_dates_owner_status_idx', 'plan_collaborators_user_idx'],
    ],
    [
      'the role of a member',
      () => captured((r) => new PlanMembersRepository(r).roleOf(planId, member)),
      ['planned_dates_pkey', 'plan_collaborators_pkey'],
    ],
    [
      'the plan page',
      () => captured((r) => new PlanMembersRepository(r).document(planId, member)),
      [
        'planned_dates_pkey',
        'planned_date_activities_client_ref_key',
        'activities_pkey',
        'post_media_activity_idx',
      ],
    ],
    [
      "an operation's lock (plan_op_lock): the plan locked, the replay check, its state, the events after the sender's base and their writers",
      () =>
        captured((r) =>
          new PlansRepository(r).lockState(planId, { opIds: [opId], baseVersion: 10, eventLimit: 100 }),
        ),
      [
        'planned_dates_pkey',
        'plan_events_op_key',
        'plan_collaborators_pkey',
        'planned_date_activities_client_ref_key',
        'plan_events_pkey',
        'profiles_pkey',
      ],
    ],
    [
      'the same state read again under the lock (plan_op_state), when another process committed first',
      () => Promise.resolve({ sql: lockedStateSql(false), parameters: [planId, [opId], 10, 100, [member]] }),
      [
        'planned_dates_pkey',
        'plan_events_op_key',
        'plan_collaborators_pkey',
        'planned_date_activities_client_ref_key',
        'plan_events_pkey',
        'profiles_pkey',
      ],
    ],
    [
      'a replayed op id',
      () => captured((r) => new PlanEventsRepository(r).findByOpId(planId, opId)),
      ['plan_events_op_key'],
    ],
    [
      "a member's catch-up after a version, with what its events added",
      () => captured((r) => new PlanEventsRepository(r).catchUp(planId, member, 10, 100)),
      ['planned_dates_pkey', 'plan_events_pkey', 'planned_date_activities_client_ref_key', 'profiles_pkey'],
    ],
    [
      "the history's first page",
      () => captured((r) => new PlanEventsRepository(r).history(planId, undefined, 30)),
      ['plan_events_pkey'],
    ],
    [
      "the history's next page",
      () => captured((r) => new PlanEventsRepository(r).history(planId, '12', 30)),
      ['plan_events_pkey'],
    ],
    [
      'the rows a history page names',
      () => captured((r) => new PlanMembersRepository(r).entriesByRef(planId, member, [opId, opId])),
      ['planned_date_activities_client_ref_key'],
    ],
    [
      'the people a history page names',
      () => captured((r) => new PlanPeopleRepository(r).people([member, stranger])),
      ['profiles_pkey'],
    ],
    [
      'the heads of the plans open on a replica',
      () => captured((r) => new PlansRepository(r).versions([planId, '1', '2'])),
      ['planned_dates_pkey'],
    ],
    [
      'the share link',
      async () => {
        const token = await new PlanShareRepository(db).shareToken(planId, member);
        return captured((r) => new PlanShareRepository(r).sharedProjection(ownerUsername, token ?? ''));
      },
      ['planned_dates_share_token_key', 'planned_date_activities_client_ref_key'],
    ],
    [
      'collaborator choices',
      () => captured((r) => new PlanPeopleRepository(r).followedProfiles(member, planId, 50)),
      ['profiles_pkey'],
    ],
    [
      "a profile's dates, recaps included, for a stranger",
      () => captured((r) => new PostsRepository(r).listByAuthor('date', member, stranger, { limit: 20 })),
      ['dates_user_created_idx'],
    ],
    [
      'the cards of a For You page, recaps checked',
      async () => {
        const keys = await db.query<FeedKey[]>(
          `SELECT 'date' AS kind, id::text AS id FROM dates ORDER BY id LIMIT 20`,
        );
        return captured((r) => new FeedRepository(r).cards(member, keys));
      },
      ['dates_pkey'],
    ],
  ];

  it.each(cases)('%s', async (_label, statement, expected) => {
    const { sql, parameters } = await statement();
    const { indexes, seqScans } = await plan(sql, parameters);
    expect(indexes).toEqual(expect.arrayContaining(expected));
    expect(seqScans.filter((table) => PLAN_TABLES.includes(table) || LARGE.includes(table))).toEqual([]);
  });
});

/* The metrics scrape reads the relay's lag on every scrape: only the pending rows, by their index. */
describe('the outbox lag', () => {
  it('counts the pending events and finds the oldest through the pending index', async () => {
    const { sql, parameters } = await captured((recorder) => new OutboxRepository(recorder).lag());
    const { indexes, seqScans } = await plan(sql, parameters);
    expect(indexes.filter((index) => index === 'outbox_pending_idx')).toHaveLength(2);
    expect(seqScans).not.toContain('outbox');
    const lag = await new OutboxRepository(db).lag();
    expect(lag.pending).toBe(10);
    expect(lag.oldest_seconds).toBeGreaterThanOrEqual(0);
  });
});
