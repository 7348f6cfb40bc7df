// Fills a migrated database with a realistic community at scale (issue 12, Performance): members, follows,
// activities and dates, likes, comments, saves, photos, the For You scores and the search index. Everything
// is set-based SQL on the server (`INSERT … SELECT` over `generate_series`): the rows are computed where
// they are stored, so nothing crosses the wire, where COPY would have to stream every row from Node (and
// pg-copy-streams is not installed). Bulk-load practice: secondary indexes and unique constraints are
// dropped first and rebuilt once at the end (one sort each instead of millions of random B-tree inserts),
// the foreign-key and counter triggers are off for the loading session (`session_replication_role =
// replica`; the counters are computed from the rows instead), and the commits are asynchronous. Skew is
// Zipf-like throughout (inverse CDF of a continuous power law): a few members post and are followed far
// more than the rest, and a few posts get most likes.
import pg from 'pg';

/** Zipf exponents: who posts, who is followed, which posts are engaged with. */
const SKEW = { posting: 1.2, following: 0.8, engagement: 0.7 };
/** Engagement per post, on average, over the whole set. */
const PER_POST = { likes: 3, comments: 0.3, saves: 0.5 };
/** Posts span this many days back from now, evenly, the newest last. */
const SPAN_DAYS = 730;
/** Every n-th activity is custom (5%), every n-th date private (20%): by id, so rules can be derived. */
const CUSTOM_EVERY = 20;
const PRIVATE_EVERY = 5;
/** A rare title word: one post in this many. */
const RARE_EVERY = 10_007;

export const WORDS = {
  /** In about half the titles. */
  common: 'night',
  rare: 'kayaking',
  /** A title noun ('Picnic') misspelled. */
  misspelled: 'picnik',
  tag: 'foodie',
  /** A first name that many display names share. */
  person: 'olivia',
};

const FIRST_NAMES = (
  'Olivia Liam Emma Noah Ava Oliver Sophia Elijah Isabella James Mia Lucas Amelia Mateo ' +
  'Harper Ethan Evelyn Aiden Abigail Leo Ella Jack Chloe Henry Grace Sebastian Nora Daniel ' +
  'Lily Samuel Zoe Owen Hannah Ezra Aria Julian Layla Luca Riley Hugo Maya Felix Ines Theo ' +
  'Lea Mila Jonas Clara Omar Yara Kenji Aiko Ravi Priya Diego Lucia'
).split(' ');
const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Lopez Wilson ' +
  'Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Clark Lewis ' +
  'Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams ' +
  'Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Muller Schmidt Rossi Dubois ' +
  'Tanaka Sato Kim Park Singh Patel Silva Santos Novak Berg'
).split(' ');
const ADJECTIVES = (
  'Cozy, Romantic, Secret, Rooftop, Sunday, Lazy, Spontaneous, Candlelit, Hidden, Budget, ' +
  'Classic, Rainy day, Summer, Winter, Late, Sunny, Quiet, Wild, Little, Grand, Homemade, ' +
  'Vintage, Local, Weekend'
).split(', ');
const NOUNS = (
  'Picnic, Sunset walk, Museum visit, Cooking class, Hike, Concert, Wine tasting, ' +
  'Board games, Pottery class, Stargazing, Karaoke, Brunch, Bowling, Gallery tour, ' +
  'Food festival, Flea market, Beach day, Camping trip, Salsa dancing, Movie marathon, ' +
  'Theatre show, Bike ride, Coffee crawl, Bakery hop, Garden tour, Escape room, Pub quiz, ' +
  'Yoga session, Climbing gym, Boat trip, Jazz bar, Farmers market, Ice skating, Mini golf, ' +
  'Book swap, Paint and sip, Dumpling workshop, Street food tour, Poetry reading, Road trip'
).split(', ');
const PLACES = (
  'in the park, downtown, at home, by the lake, on the rooftop, at the beach, in the garden, ' +
  'by the river, in the old town, at the market, in the woods, on the water, at the gallery, ' +
  'in the studio, on the hill, at the cafe'
).split(', ');
const TAGS = (
  'romantic outdoors cheap indoor rainy-day foodie adventure creative music relaxing active ' +
  'late-night weekend summer winter seasonal first-date anniversary surprise local travel ' +
  'culture cozy nature learning games wellness fancy free group'
).split(' ');
const CITIES = (
  'Lisbon Berlin Austin Kyoto Toronto Melbourne Oslo Seville Portland Prague Montreal Dublin ' +
  'Vienna Denver Edinburgh Porto Seattle Lyon Krakow Boston'
).split(' ');
const SENTENCES = [
  'Bring a blanket and something warm to drink.',
  'Book ahead on weekends, it fills up fast.',
  'Perfect when you want to talk without shouting over music.',
  'We went twice and it was even better the second time.',
  'Cheap, easy, and nobody has to plan much.',
  'Wear comfortable shoes and bring water.',
  'Go early to get the best seats and the light.',
  'Great for a first date or an anniversary surprise.',
  'Works in any season if you dress for the weather.',
  'Ask for the table by the window.',
  'Take the long way back through the old streets.',
  'Finish with dessert somewhere close by.',
];
const COMMENTS = [
  'Love this idea!',
  'We did this last weekend, so good.',
  'Saving this for our anniversary.',
  'Is it still open in winter?',
  'How much did it cost in the end?',
  'Adding it to the list.',
  'Great photos!',
  'This looks so cozy.',
  'Thanks for sharing, trying it Friday.',
  'Perfect rainy day plan.',
];
const MOODS = ['Fun', 'Chill', 'Upscale', 'Spontaneous', 'Intimate', 'Exciting', 'Relaxing'];
const DURATIONS = ['Under 30 minutes', 'Under 1 hour', 'Under 4 hours', 'Full Day', 'Full Weekend'];
const LOCATION_TYPES = ['Anywhere', 'Indoor', 'Outdoor', 'Site Specific'];
const BUDGETS = ['Free', '$', '$$', '$$$'];

/** The tables whose secondary indexes are dropped while loading. */
const LOADED_TABLES = [
  'users',
  'profiles',
  'collections',
  'follows',
  'likes',
  'comments',
  'collection_items',
  'activities',
  'dates',
  'post_media',
  'post_scores',
  'search_documents',
];

/** Picks one element of a text[] parameter at random, per row. */
const pick = (parameter) =>
  `(${parameter}::text[])[1 + floor(random() * cardinality(${parameter}::text[]))::int]`;

/** Sizes derived from the flags. */
export function plan({ posts, users, follows }) {
  const activities = Math.round((posts * 2) / 3);
  return {
    users,
    follows,
    activities,
    dates: posts - activities,
    likes: Math.round(posts * PER_POST.likes),
    comments: Math.round(posts * PER_POST.comments),
    saves: Math.round(posts * PER_POST.saves),
    admins: Array.from({ length: 5 }, (_, k) => Math.max(1, Math.round((users * (k + 1)) / 6))),
  };
}

/** A prime multiplier coprime with n: ranks 1..n map to distinct post ids scattered over 1..n. */
function scatterMultiplier(n) {
  const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
  return [1_000_003, 999_983, 7_919].find((prime) => gcd(prime, n) === 1);
}

/**
 * Generates into the database at `url` (migrated, empty but for the seed) and returns one timing per
 * step: `{ step, table, rows, ms }`. `onStep` reports progress as each step ends.
 */
export async function generate(url, sizes, { onStep = () => {} } = {}) {
  const n = plan(sizes);
  const client = new pg.Client({ connectionString: url, application_name: 'bench-generate' });
  await client.connect();
  const timings = [];
  const step = async (label, table, run) => {
    const started = performance.now();
    const result = await run();
    const rows = typeof result === 'number' ? result : (result?.rowCount ?? null);
    const timing = { step: label, table, rows, ms: performance.now() - started };
    timings.push(timing);
    onStep(timing);
  };
  const sql = (text, values) => client.query(text, values);

  try {
    await sql(`SET session_replication_role = replica; SET synchronous_commit = off;
      SET maintenance_work_mem = '512MB'; SET work_mem = '1GB'; SELECT setseed(0.42)`);
    // A v4-shaped uuid per member ordinal and a Zipf draw (rank 1 most likely), so that any
    // statement can name member n without a lookup table.
    await sql(`
      CREATE FUNCTION pg_temp.uid(n bigint) RETURNS uuid LANGUAGE sql IMMUTABLE AS
        $$ SELECT overlay(overlay(md5('bench-member-' || n) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid $$;
      CREATE FUNCTION pg_temp.zipf(u double precision, n bigint, s double precision) RETURNS bigint
        LANGUAGE sql IMMUTABLE AS
        $$ SELECT least(n, greatest(1, floor(power(1 + u * (power(n + 1.0, 1 - s) - 1), 1 / (1 - s)))))::bigint $$`);
    const now = (await sql('SELECT now() AS now')).rows[0].now;
    const createdAt = (ordinal, total) =>
      `($1::timestamptz - (${total} - ${ordinal}) * interval '${SPAN_DAYS} days' / ${total}
         - random() * interval '${SPAN_DAYS} days' / ${total})`;
    // Engagement comes after the post, at a random time before now.
    const after = (ordinal, total) =>
      `(${createdAt(ordinal, total)} + random() * (($1::timestamptz - ${createdAt(ordinal, total)}) * 0.99))`;

    let indexes = [];
    let constraints = [];
    await step('drop secondary indexes and unique constraints', null, async () => {
      ({ rows: indexes } = await sql(
        `SELECT i.indexname, i.indexdef, i.tablename FROM pg_indexes i
          WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                             WHERE c.conindid = format('%I', i.indexname)::regclass AND c.contype IN ('p', 'u', 'x'))`,
        [LOADED_TABLES],
      ));
      // Unique constraints no foreign key depends on: the loading statements deduplicate their rows.
      ({ rows: constraints } = await sql(
        `SELECT c.conname, c.conrelid::regclass::text AS tablename, pg_get_constraintdef(c.oid) AS definition
           FROM pg_constraint c
          WHERE c.contype = 'u' AND c.conrelid::regclass::text = ANY($1)
            AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)`,
        [LOADED_TABLES],
      ));
      for (const { indexname } of indexes) {
        await sql(`DROP INDEX ${client.escapeIdentifier(indexname)}`);
      }
      for (const { conname, tablename } of constraints) {
        await sql(`ALTER TABLE ${tablename} DROP CONSTRAINT ${client.escapeIdentifier(conname)}`);
      }
      return indexes.length + constraints.length;
    });
    const rebuild = async (tables) => {
      const definitions = indexes.filter((index) => tables.includes(index.tablename));
      for (const { indexdef } of definitions) {
        await sql(indexdef);
      }
      const uniques = constraints.filter((constraint) => tables.includes(constraint.tablename));
      for (const { conname, tablename, definition } of uniques) {
        await sql(
          `ALTER TABLE ${tablename} ADD CONSTRAINT ${client.escapeIdentifier(conname)} ${definition}`,
        );
      }
      return definitions.length + uniques.length;
    };

    await step('members', 'users', () =>
      sql(
        `INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at, updated_at)
         SELECT pg_temp.uid(g), 'member' || g || '@bench.example.com', 'not-a-hash', t, t, t
           FROM generate_series(1, ${n.users}) g,
                LATERAL (SELECT $1::timestamptz - interval '800 days' * (1 - g::float8 / ${n.users}) AS t) c`,
        [now],
      ),
    );
    await step('profiles (3% private, 5 admins)', 'profiles', () =>
      sql(
        `INSERT INTO profiles (id, username, display_name, bio, location, is_private, access_type, avatar_key,
                               created_at, updated_at)
         SELECT pg_temp.uid(g), lower(first) || '_' || lower(last) || g, first || ' ' || last,
                'Into ' || lower(${pick('$3')}) || ' and ' || lower(${pick('$3')}) || '.', ${pick('$4')},
                random() < 0.03, CASE WHEN g = ANY($5::int[]) THEN 'admin' ELSE 'standard' END,
                CASE WHEN random() < 0.7 THEN 'bench/avatar-media/' || left(md5('avatar' || g), 22) || '-256.jpg' END,
                u.created_at, u.created_at
           FROM generate_series(1, ${n.users}) g
           JOIN users u ON u.id = pg_temp.uid(g),
                LATERAL (SELECT ${pick('$1')} AS first, ${pick('$2')} AS last, g AS k) names`,
        [FIRST_NAMES, LAST_NAMES, NOUNS, CITIES, n.admins],
      ),
    );
    await step("default collections ('Saved')", 'collections', () =>
      sql(
        `INSERT INTO collections (id, owner_id, name, is_default, created_at, updated_at)
         SELECT g, pg_temp.uid(g), 'Saved', true, $1, $1 FROM generate_series(1, ${n.users}) g`,
        [now],
      ),
    );
    await step(`follows (~${n.follows} each, Zipf ${SKEW.following})`, 'follows', () =>
      sql(
        `INSERT INTO follows (follower_id, following_id, created_at)
         SELECT pg_temp.uid(f), pg_temp.uid(t), $1::timestamptz - random() * interval '700 days'
           FROM (SELECT DISTINCT f, t FROM (
                   SELECT m.f, pg_temp.zipf(random(), ${n.users}, ${SKEW.following}) AS t
                     FROM (SELECT f, 1 + floor(random() * ${2 * n.follows - 1})::int AS draws
                             FROM generate_series(1, ${n.users}) f) m
                    CROSS JOIN LATERAL generate_series(1, m.draws)) d
                  WHERE t <> f) pairs`,
        [now],
      ),
    );

    // The count the follows trigger keeps (admins' follows do not count), computed once instead.
    const { rowCount: hasFollowerCount } = await sql(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'profiles' AND column_name = 'follower_count'`,
    );
    if (hasFollowerCount) {
      await step('follower counts', 'profiles', () =>
        sql(
          `UPDATE profiles p SET follower_count = c.n
             FROM (SELECT f.following_id, count(*)::int AS n FROM follows f
                     JOIN profiles fp ON fp.id = f.follower_id
                    WHERE fp.access_type <> 'admin' GROUP BY f.following_id) c
            WHERE p.id = c.following_id`,
        ),
      );
    }

    // Engagement before the posts, so each post is written once with its counters. Post ids are
    // ordinals (1..n per table), popular posts are scattered over them by a prime multiplier.
    // (member, post) draws: a member at random, a post by popularity, only posts others can see.
    const engaged = (kind, total, draws) => {
      const multiplier = scatterMultiplier(total);
      const eligible = kind === 'activity' ? `post % ${CUSTOM_EVERY} <> 7` : `post % ${PRIVATE_EVERY} <> 3`;
      return `(SELECT member, post FROM (
                 SELECT 1 + floor(random() * ${n.users})::bigint AS member,
                        (pg_temp.zipf(random(), ${total}, ${SKEW.engagement}) * ${multiplier}) % ${total} + 1 AS post
                   FROM generate_series(1, ${draws})) d
                WHERE ${eligible})`;
    };
    for (const [kind, table, total, fk] of [
      ['activity', 'activities', n.activities, 'activity_id'],
      ['date', 'dates', n.dates, 'date_id'],
    ]) {
      const share = (count) => Math.round((count * total) / (n.activities + n.dates));
      await step(`likes of ${table} (Zipf ${SKEW.engagement})`, 'likes', () =>
        sql(
          `INSERT INTO likes (user_id, ${fk}, created_at)
           SELECT pg_temp.uid(member), post, ${after('post', total)}
             FROM (SELECT DISTINCT member, post FROM ${engaged(kind, total, share(n.likes))} d) l`,
          [now],
        ),
      );
      await step(`comments on ${table}`, 'comments', () =>
        sql(
          `INSERT INTO comments (user_id, ${fk}, body, created_at, updated_at)
           SELECT pg_temp.uid(member), post, ${pick('$2')}, t, t
             FROM (SELECT member, post, ${after('post', total)} AS t
                     FROM ${engaged(kind, total, share(n.comments))} d) c`,
          [now, COMMENTS],
        ),
      );
      await step(`saves of ${table} (default collections)`, 'collection_items', () =>
        sql(
          `INSERT INTO collection_items (collection_id, ${fk}, added_by, added_at)
           SELECT member, post, pg_temp.uid(member), ${after('post', total)}
             FROM (SELECT DISTINCT member, post FROM ${engaged(kind, total, share(n.saves))} d) s`,
          [now],
        ),
      );
    }

    const counters = (fk) => `
      LEFT JOIN (SELECT ${fk} AS id, count(*)::int AS n FROM likes WHERE ${fk} IS NOT NULL GROUP BY 1) lc ON lc.id = g
      LEFT JOIN (SELECT ${fk} AS id, count(*)::int AS n FROM comments WHERE ${fk} IS NOT NULL GROUP BY 1) cc ON cc.id = g`;
    const title = `${pick('$2')} || ' ' || ${pick('$3')}
        || CASE WHEN g % ${RARE_EVERY} = 0 THEN ' ${WORDS.rare}' ELSE '' END
        || CASE WHEN random() < 0.5 THEN ' ${WORDS.common}' ELSE ' ' || ${pick('$4')} END`;
    const description = `'A ' || lower(${pick('$2')}) || ' ' || lower(${pick('$3')}) || ' ' || ${pick('$4')}
        || '. ' || ${pick('$6')} || ' ' || ${pick('$6')}`;
    const tags = `(SELECT array_agg(DISTINCT t) FROM (SELECT ${pick('$5')} AS t
        FROM generate_series(1, 1 + floor(random() * 3)::int + g * 0)) tags)`;
    const { rows: categories } = await sql('SELECT slug, applies_to FROM categories ORDER BY slug');
    const slugsFor = (kind) =>
      categories.filter((row) => row.applies_to === 'both' || row.applies_to === kind).map((row) => row.slug);
    const category = (parameter) => `CASE WHEN random() < 0.9 THEN ${pick(parameter)} END`;
    const author = `pg_temp.uid(pg_temp.zipf(random(), ${n.users}, ${SKEW.posting}))`;
    await step(`activities (${100 / CUSTOM_EVERY}% custom, Zipf ${SKEW.posting} authors)`, 'activities', () =>
      sql(
        `INSERT INTO activities (id, user_id, title, description, budget, category, tags, location,
                                 mood, duration, is_custom, like_count, comment_count, created_at, updated_at,
                                 location_type)
         SELECT g, ${author}, left(${title}, 80), ${description}, ${pick('$7')}, ${category('$12')}, ${tags},
                CASE WHEN lt = 'Site Specific' THEN ${pick('$10')} END,
                ${pick('$8')}, ${pick('$9')}, g % ${CUSTOM_EVERY} = 7, COALESCE(lc.n, 0), COALESCE(cc.n, 0), t, t, lt
           FROM generate_series(1, ${n.activities}) g ${counters('activity_id')},
                LATERAL (SELECT ${createdAt('g', n.activities)} AS t, ${pick('$11')} AS lt, g AS k) x`,
        [
          now,
          ADJECTIVES,
          NOUNS,
          PLACES,
          TAGS,
          SENTENCES,
          BUDGETS,
          MOODS,
          DURATIONS,
          CITIES,
          LOCATION_TYPES,
          slugsFor('activity'),
        ],
      ),
    );
    await step(`dates (${100 / PRIVATE_EVERY}% private)`, 'dates', () =>
      sql(
        `INSERT INTO dates (id, user_id, title, description, date_of, budget, category, tags, visibility_public,
                            like_count, comment_count, created_at, updated_at)
         SELECT g, ${author}, left(${title}, 80), ${description}, (t + random() * interval '60 days')::date,
                ${pick('$7')}, ${category('$8')}, ${tags}, g % ${PRIVATE_EVERY} <> 3,
                COALESCE(lc.n, 0), COALESCE(cc.n, 0), t, t
           FROM generate_series(1, ${n.dates}) g ${counters('date_id')},
                LATERAL (SELECT ${createdAt('g', n.dates)} AS t, g AS k) x`,
        [now, ADJECTIVES, NOUNS, PLACES, TAGS, SENTENCES, BUDGETS, slugsFor('date')],
      ),
    );
    for (const [table, fk, folder] of [
      ['activities', 'activity_id', 'activity-media'],
      ['dates', 'date_id', 'date-media'],
    ]) {
      // One processed photo per post, keyed and described as the media worker writes them.
      await step(`photos of ${table}`, 'post_media', () =>
        sql(
          `INSERT INTO post_media (user_id, ${fk}, media_type, display_key, storage_key, position, status,
                                   width, height, variants, created_at, updated_at)
           SELECT x.user_id, x.id, 'photo', k || '-1080.jpg', k, 0, 'ready', 1080, 1080,
                  jsonb_build_object('key', k || '-1080.jpg', 'placeholder', null, 'poster', null, 'images',
                    (SELECT jsonb_agg(jsonb_build_object('size', w, 'width', w, 'height', w, 'key', k || '-' || w || '.jpg'))
                       FROM unnest(ARRAY[320, 640, 1080]) w)),
                  x.created_at, x.created_at
             FROM ${table} x, LATERAL (SELECT 'bench/${folder}/' || left(md5('${fk}' || x.id), 22) AS k) m`,
        ),
      );
    }
    await step('identity sequences', null, async () => {
      for (const table of ['activities', 'dates', 'collections']) {
        await sql(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
      }
      return 3;
    });
    await step('rebuild indexes and unique constraints (all but scores and search)', null, () =>
      rebuild(LOADED_TABLES.filter((table) => !['post_scores', 'search_documents'].includes(table))),
    );
    await step('ANALYZE', null, () => sql('ANALYZE'));

    await step("post_scores (the worker's rescore statement, over all posts)", 'post_scores', async () => {
      let rows = 0;
      for (const statement of await rescoreStatements()) {
        rows += (await sql(statement.sql, statement.parameters)).rowCount ?? 0;
      }
      return rows;
    });
    await step('search_documents (SearchIndexRepository.rebuild())', 'search_documents', () =>
      rebuildSearchIndex(url),
    );
    await step('rebuild scores and search indexes', null, () => rebuild(['post_scores', 'search_documents']));
    await step('VACUUM ANALYZE', null, () => sql('VACUUM (ANALYZE)'));
  } finally {
    await client.end();
  }
  return timings;
}

/**
 * `FeedScoresRepository.rescoreRecent()`'s statements, captured from the built repository, with its
 * window widened to every post: the generated scores are the worker's own formula. The deletes it
 * sends (scores of posts gone or no longer eligible) have nothing to do here and are left out.
 */
async function rescoreStatements() {
  const { FeedScoresRepository, RESCORE_WINDOW_DAYS } = await import('@datebook/db');
  const captured = [];
  const recorder = {
    query: (sql, parameters = []) => {
      captured.push({ sql, parameters });
      return Promise.resolve([]);
    },
  };
  await new FeedScoresRepository(recorder).rescoreRecent();
  const window = `interval '${RESCORE_WINDOW_DAYS} days'`;
  const upserts = captured.filter((statement) =>
    statement.sql.trimStart().startsWith('INSERT INTO post_scores'),
  );
  if (upserts.length !== 2 || !upserts.every((statement) => statement.sql.includes(window))) {
    throw new Error('FeedScoresRepository.rescoreRecent() changed shape: update bench/lib/generate-data.mjs');
  }
  return upserts.map((statement) => ({
    sql: statement.sql.replace(window, `interval '${SPAN_DAYS + 1} days'`),
    parameters: statement.parameters,
  }));
}

/** The search index as `npm run reindex` derives it, through the built repository. */
async function rebuildSearchIndex(url) {
  const { createDataSource, SearchIndexRepository } = await import('@datebook/db');
  const dataSource = createDataSource({ url, poolSize: 1, applicationName: 'bench-reindex' });
  await dataSource.initialize();
  try {
    const { total } = await new SearchIndexRepository(dataSource).rebuild();
    return total.activity + total.date + total.profile;
  } finally {
    await dataSource.destroy();
  }
}
