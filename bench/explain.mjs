// EXPLAIN (ANALYZE, BUFFERS) of every hot discovery statement on the generated data (issue 12):
// the home feed (Following, For You), search (rare, common, misspelled and tag terms in each sort;
// users), and Explore (featured, grid, creators). Each statement is captured from the built
// repository, so what is explained is exactly what the api sends. Prints every plan, then one table:
// execution time, buffers, and any sequential scan of a large table.
//
// Two viewers: a generated member with ~50 follows, and a reader who follows the 50 busiest posters
// (made inside a transaction that is rolled back, so the generated data is left as it was).
//
//   node bench/explain.mjs [--posts 1000000] [--users 100000] [--follows 50] [--db <kept name>] [--keep]
//                          [--depth 500000] [--summary]
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WORDS } from './lib/generate-data.mjs';
import { generatedBenchArgs, startGeneratedStack } from './lib/generate-stack.mjs';
import { ensureBuilt, log, withCleanup } from './lib/stack.mjs';

/** Tables with a row per post, follow or engagement: a sequential scan of one is a finding. */
const LARGE = new Set([
  'activities',
  'dates',
  'follows',
  'likes',
  'comments',
  'collection_items',
  'post_media',
  'post_scores',
  'search_documents',
  'profiles',
  'users',
]);

const PAGE = 20;
const SEARCH_PAGE = 10;

/** The statement a repository call sends, captured instead of run. */
async function capture(call) {
  let statement;
  const recorder = {
    query: (sql, parameters = []) => {
      statement = { sql, parameters };
      return Promise.resolve([]);
    },
  };
  await call(recorder);
  return statement;
}

function walk(node, visit) {
  visit(node);
  for (const child of node.Plans ?? []) {
    walk(child, visit);
  }
}

export async function run(options = {}) {
  const { depth = 500_000, summary = false, db, keep, ...sizes } = options;
  return withCleanup(
    async (cleanup) => {
      const stack = await startGeneratedStack(cleanup, { sizes, db, keep });
      const client = new pg.Client({
        connectionString: stack.databaseUrl,
        application_name: 'bench-explain',
      });
      await client.connect();
      cleanup.add('pg client', () => client.end());
      const { ExploreRepository, FeedRepository, SearchRepository } = await import('@datebook/db');

      await client.query('BEGIN');
      cleanup.add('rollback', () => client.query('ROLLBACK'));
      const viewers = await makeViewers(client);
      const deep = await followingPosition(client, viewers.reader, depth);
      const ranked = await new FeedRepository({
        query: (sql, parameters) => client.query(sql, parameters).then((result) => result.rows),
      }).forYouRanking(viewers.member);

      const feed = (call) => capture((recorder) => call(new FeedRepository(recorder)));
      const explore = (call) => capture((recorder) => call(new ExploreRepository(recorder)));
      const search = (call) => capture((recorder) => call(new SearchRepository(recorder)));
      const statements = [
        ['feed: Following page 1, member', feed((r) => r.following(viewers.member, { limit: PAGE }))],
        [
          'feed: Following page 1, reader of busiest posters',
          feed((r) => r.following(viewers.reader, { limit: PAGE })),
        ],
        [
          `feed: Following ${deep.depth} posts deep, reader`,
          feed((r) => r.following(viewers.reader, { after: deep.position, limit: PAGE })),
        ],
        ['feed: For You ranking, member', feed((r) => r.forYouRanking(viewers.member))],
        [
          'feed: For You cards of page 1, member',
          feed((r) => r.cards(viewers.member, ranked.slice(0, PAGE))),
        ],
        ['explore: featured, visitor', explore((r) => r.featured(null, 8))],
        ['explore: featured, member', explore((r) => r.featured(viewers.member, 8))],
        ['explore: activities grid page 1, visitor', explore((r) => r.activities(null, { limit: PAGE + 1 }))],
        ['explore: popular creators', explore((r) => r.popularCreators(4))],
        ['explore: suggested creators, member', explore((r) => r.suggestedCreators(viewers.member, 5))],
      ];
      const terms = [
        ['rare', WORDS.rare],
        ['in half the posts', WORDS.common],
        ['misspelled', WORDS.misspelled],
        ['tag', WORDS.tag],
      ];
      for (const [what, q] of terms) {
        for (const sort of ['relevance', 'newest', 'popular', 'rated']) {
          statements.push([
            `search: activities '${q}' (${what}), ${sort}`,
            search((r) =>
              r.posts('activity', viewers.member, { q, filters: {}, sort, limit: SEARCH_PAGE + 1 }),
            ),
          ]);
        }
      }
      statements.push(
        [
          `search: dates '${WORDS.common}', relevance`,
          search((r) =>
            r.posts('date', viewers.member, {
              q: WORDS.common,
              filters: {},
              sort: 'relevance',
              limit: SEARCH_PAGE + 1,
            }),
          ),
        ],
        [
          `search: users '${WORDS.person}'`,
          search((r) => r.users(viewers.member, { q: WORDS.person, limit: SEARCH_PAGE + 1 })),
        ],
        [
          'search: users, a username',
          search((r) => r.users(viewers.member, { q: viewers.someUsername, limit: 11 })),
        ],
      );

      const rows = [];
      for (const [label, pending] of statements) {
        const { sql, parameters } = await pending;
        const { rows: text } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters);
        const { rows: json } = await client.query(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
          parameters,
        );
        const [{ Plan: root, 'Execution Time': execution, 'Planning Time': planning }] =
          json[0]['QUERY PLAN'];
        const seqScans = new Set();
        walk(root, (node) => {
          if (node['Node Type'] === 'Seq Scan' && LARGE.has(node['Relation Name'])) {
            seqScans.add(node['Relation Name']);
          }
        });
        if (!summary) {
          process.stdout.write(`\n=== ${label}\n${text.map((line) => line['QUERY PLAN']).join('\n')}\n`);
        }
        rows.push({
          label,
          execution,
          planning,
          hit: root['Shared Hit Blocks'],
          read: root['Shared Read Blocks'],
          seqScans: [...seqScans].join(', '),
        });
      }
      return rows;
    },
    { timeLimitMs: 60 * 60_000 },
  );
}

/**
 * The generated member whose follow count is closest to 50, and a reader (new, in the transaction)
 * who follows the 50 standard members with the most feed-eligible posts.
 */
async function makeViewers(client) {
  const { rows: members } = await client.query(
    `SELECT f.follower_id AS id FROM follows f JOIN profiles p ON p.id = f.follower_id AND p.access_type = 'standard'
      GROUP BY f.follower_id ORDER BY abs(count(*) - 50), f.follower_id LIMIT 1`,
  );
  const { rows: readers } = await client.query(
    `WITH account AS (
       INSERT INTO users (email, password_hash, email_confirmed_at)
       VALUES ('explain-reader@bench.example.com', 'not-a-hash', now()) RETURNING id)
     INSERT INTO profiles (id, username, display_name) SELECT id, 'explain_reader', 'Explain Reader' FROM account
     RETURNING id`,
  );
  const reader = readers[0].id;
  await client.query(`INSERT INTO collections (owner_id, name, is_default) VALUES ($1, 'Saved', true)`, [
    reader,
  ]);
  await client.query(
    `INSERT INTO follows (follower_id, following_id)
     SELECT $1, p.id FROM (
       SELECT user_id, count(*) AS posts FROM (
         SELECT user_id FROM activities WHERE NOT is_custom
         UNION ALL SELECT user_id FROM dates WHERE visibility_public) x GROUP BY user_id) posters
       JOIN profiles p ON p.id = posters.user_id AND p.access_type = 'standard'
      ORDER BY posters.posts DESC LIMIT 50`,
    [reader],
  );
  const { rows: someone } = await client.query(
    `SELECT username FROM profiles WHERE access_type = 'standard' ORDER BY follower_count DESC LIMIT 1 OFFSET 500`,
  );
  return { member: members[0].id, reader, someUsername: someone[0].username };
}

/** The reader's Following position `depth` posts back (or the deepest full page of a shorter stream). */
async function followingPosition(client, viewerId, depth) {
  const { rows } = await client.query(
    `WITH stream AS (
       SELECT x.created_at, 'activity' AS kind, x.id FROM activities x JOIN follows f ON f.following_id = x.user_id
        WHERE f.follower_id = $1 AND NOT x.is_custom
       UNION ALL
       SELECT x.created_at, 'date', x.id FROM dates x JOIN follows f ON f.following_id = x.user_id
        WHERE f.follower_id = $1 AND x.visibility_public),
     at AS (SELECT least($2::bigint, (SELECT count(*) FROM stream) - ${PAGE + 1}) AS depth)
     SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros, kind, id::text, at.depth
       FROM stream, at ORDER BY created_at DESC, kind DESC, id DESC OFFSET (SELECT depth - 1 FROM at) LIMIT 1`,
    [viewerId, depth],
  );
  const [{ micros, kind, id, depth: reached }] = rows;
  return { depth: Number(reached), position: { createdAtMicros: micros, kind, id } };
}

function printSummary(rows) {
  const header = [
    'statement',
    'exec ms',
    'plan ms',
    'hit blocks',
    'read blocks',
    'seq scan of a large table',
  ];
  const cells = rows.map((row) => [
    row.label,
    row.execution.toFixed(1),
    row.planning.toFixed(1),
    String(row.hit),
    String(row.read),
    row.seqScans,
  ]);
  const widths = header.map((label, column) =>
    Math.max(label.length, ...cells.map((line) => line[column].length)),
  );
  const format = (line) =>
    line
      .map((cell, column) =>
        column >= 1 && column <= 4 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  process.stdout.write(
    `\nHot statements on the generated data (EXPLAIN ANALYZE, one run each, caches warm from the previous)\n` +
      `${[format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(format)].join('\n')}\n\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = generatedBenchArgs(['depth'], ['summary']);
  ensureBuilt();
  log('explaining the hot statements');
  printSummary(await run(options));
}
