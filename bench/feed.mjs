// The home feed at a million posts (issue 12): Following and For You pages of 20 cards for a member
// with ~50 follows, through the built api at 50 connections, each next to the same statements
// FeedRepository sends run through plain `pg` (a pool of the api's size, the same 50 callers), in
// the same run. Following is also read at depth: a cursor 500,000 posts back in the member's merged
// stream, which keyset paging should serve as fast as page 1.
//
//   node bench/feed.mjs [--posts 1000000] [--users 100000] [--follows 50] [--db <kept name>] [--keep]
//                       [--duration 10] [--warmup 2] [--connections 50] [--pool 10] [--depth 500000]
//                       [--member-follows 50]
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  autocannonGet,
  generatedBenchArgs,
  closedLoop,
  rawExecutor,
  removeMembersAfterwards,
  settle,
  signUpMember,
  startGeneratedStack,
} from './lib/generate-stack.mjs';
import { latencyRow, printTable } from './lib/report.mjs';
import { ensureBuilt, log, withCleanup } from './lib/stack.mjs';

export const FEED_BUDGET = { share: 0.5, p99Ms: 15, depthFactor: 2 };

export const defaults = {
  duration: 10,
  warmup: 2,
  connections: 50,
  pool: 10,
  depth: 500_000,
  memberFollows: 50,
};

const PAGE = 20;

export async function run(options = {}) {
  const {
    duration,
    warmup,
    connections,
    pool: poolSize,
    depth,
    memberFollows,
    db,
    keep,
    ...sizes
  } = {
    ...defaults,
    ...options,
  };
  return withCleanup(
    async (cleanup) => {
      const stack = await startGeneratedStack(cleanup, { sizes, db, keep, poolSize });
      const added = removeMembersAfterwards(cleanup, stack.databaseUrl);
      const api = await stack.start('api');
      const pool = new pg.Pool({
        connectionString: stack.databaseUrl,
        max: poolSize,
        application_name: 'bench-raw-pg',
      });
      cleanup.add('pg pool', () => pool.end());
      const { FeedRepository } = await import('@datebook/db');
      const feed = new FeedRepository(rawExecutor(pool));

      // A member who follows what a generated member with ~50 follows follows (the generator's skew),
      // and a reader of the busiest posters, whose stream is long enough to page 500,000 posts down.
      const member = await signUpMember(api.url, pool, 'member');
      const reader = await signUpMember(api.url, pool, 'reader');
      added.push(member.id, reader.id);
      const typical = await followLikeGenerated(pool, member.id, memberFollows);
      const heavy = await followHeavyPosters(pool, reader.id, memberFollows);
      await giveTaste(pool, member.id);
      const deep = await positionAt(pool, reader.id, depth);
      log(
        `${member.username} follows the ${typical.count} members generated member ${typical.source} follows`,
      );
      log(
        `${reader.username} follows the ${heavy.count} busiest posters (${heavy.posts} visible posts);` +
          ` the deep cursor is ${deep.depth} posts back`,
      );

      const auth = (who) => ({ authorization: `Bearer ${who.accessToken}` });
      const firstForYou = await (
        await fetch(`${api.url}/api/feed/for-you?limit=${PAGE}`, { headers: auth(member) })
      ).json();
      if (!firstForYou.nextCursor) {
        throw new Error('For You has no second page');
      }
      const ranked = await feed.forYouRanking(member.id);

      const cases = [
        {
          label: 'Following, page 1',
          who: member,
          path: `/api/feed/following?limit=${PAGE}`,
          raw: async () => expectPage(await feed.following(member.id, { limit: PAGE }), PAGE + 1),
        },
        {
          label: 'For You, page 1 (ranks, keeps the order)',
          who: member,
          path: `/api/feed/for-you?limit=${PAGE}`,
          raw: async () => {
            const keys = await feed.forYouRanking(member.id);
            expectPage(await feed.cards(member.id, keys.slice(0, PAGE)), PAGE);
          },
        },
        {
          label: 'For You, page 2 (a slice of the kept order)',
          who: member,
          path: `/api/feed/for-you?limit=${PAGE}&cursor=${firstForYou.nextCursor}`,
          raw: async () => expectPage(await feed.cards(member.id, ranked.slice(PAGE, 2 * PAGE)), PAGE),
        },
        {
          label: 'Following, page 1, busiest posters',
          who: reader,
          path: `/api/feed/following?limit=${PAGE}`,
          raw: async () => expectPage(await feed.following(reader.id, { limit: PAGE }), PAGE + 1),
        },
        {
          label: `Following, ${deep.depth} posts deep, busiest posters`,
          who: reader,
          path: `/api/feed/following?limit=${PAGE}&cursor=${deep.cursor}`,
          raw: async () =>
            expectPage(await feed.following(reader.id, { after: deep.position, limit: PAGE }), PAGE + 1),
        },
      ];

      const rows = [];
      for (const { label, who, path, raw } of cases) {
        log(
          `${label}: ${connections} connections, ${warmup}s warm-up, ${duration}s measured; raw pg, then the api`,
        );
        await settle(pool);
        const rawResult = await closedLoop({ connections, seconds: duration, warmup, operation: raw });
        await settle(pool);
        const apiResult = await autocannonGet({
          url: `${api.url}${path}`,
          headers: auth(who),
          connections,
          seconds: duration,
          warmup,
        });
        const rawRow = latencyRow('feed', `raw pg FeedRepository, ${label}`, rawResult);
        const apiRow = latencyRow('feed', `api GET ${label}`, apiResult);
        apiRow.budget = `≥ ${FEED_BUDGET.share * 100}% of raw, p99 ≤ ${FEED_BUDGET.p99Ms} ms`;
        apiRow.verdict = verdict(apiRow, rawRow);
        rows.push(rawRow, apiRow);
      }
      // The busiest posters' page 1 and the deep page, for the api and for the raw statement.
      const [rawFirst, first, rawDeep, deepRow] = rows.slice(6, 10);
      deepRow.budget = `${deepRow.budget}; depth p99 ≤ ${FEED_BUDGET.depthFactor}× page 1`;
      deepRow.verdict += `; depth ${depthVerdict(first, deepRow)} (raw pg: ${depthVerdict(rawFirst, rawDeep)})`;
      return rows;
    },
    { timeLimitMs: 60 * 60_000 },
  );
}

function expectPage(rows, expected) {
  if (rows.length !== expected) {
    throw new Error(`${rows.length} rows instead of ${expected}`);
  }
}

/** The deep page's p99 against page 1's; without both, a page never answered within the timeout. */
function depthVerdict(first, deep) {
  if (!(first.p99 > 0 && deep.p99 > 0)) {
    return 'n/a, a page never answered';
  }
  const ratio = deep.p99 / first.p99;
  return `${ratio <= FEED_BUDGET.depthFactor ? 'PASS' : 'MISS'} ${ratio.toFixed(2)}× page 1`;
}

function verdict(apiRow, rawRow) {
  const reasons = [];
  const share = apiRow.rate / rawRow.rate;
  if (share < FEED_BUDGET.share) {
    reasons.push(`${(share * 100).toFixed(0)}% of raw`);
  }
  if (!(apiRow.p99 <= FEED_BUDGET.p99Ms)) {
    reasons.push(`p99 ${apiRow.p99.toFixed(1)} ms`);
  }
  if (apiRow.errors > 0) {
    reasons.push(`${apiRow.errors} errors`);
  }
  return reasons.length === 0 ? `PASS (${(share * 100).toFixed(0)}% of raw)` : `MISS (${reasons.join('; ')})`;
}

/**
 * The member copies the follows of the generated member whose follow count is closest to `count`
 * (the first such, by id): a reader with the generator's skew towards popular creators.
 */
async function followLikeGenerated(pool, memberId, count) {
  const { rows } = await pool.query(
    `WITH source AS (
       SELECT follower_id FROM follows f JOIN profiles p ON p.id = f.follower_id AND p.access_type = 'standard'
        WHERE p.username NOT LIKE 'member\\_%' AND p.username NOT LIKE 'reader\\_%'
        GROUP BY follower_id ORDER BY abs(count(*) - $2), follower_id LIMIT 1)
     INSERT INTO follows (follower_id, following_id)
     SELECT $1, f.following_id FROM follows f JOIN source s ON s.follower_id = f.follower_id
     RETURNING following_id, (SELECT username FROM profiles WHERE id = (SELECT follower_id FROM source)) AS source`,
    [memberId, count],
  );
  return { count: rows.length, source: rows[0]?.source };
}

/**
 * The member follows the standard members with the most feed-eligible posts: what a reader of
 * busy creators follows, and a stream long enough to page 500,000 posts down.
 */
async function followHeavyPosters(pool, memberId, count) {
  const { rows } = await pool.query(
    `WITH posters AS (
       SELECT user_id, count(*) AS posts FROM (
         SELECT user_id FROM activities WHERE NOT is_custom
         UNION ALL SELECT user_id FROM dates WHERE visibility_public) x
        GROUP BY user_id)
     INSERT INTO follows (follower_id, following_id)
     SELECT $1, p.id FROM posters JOIN profiles p ON p.id = posters.user_id AND p.access_type = 'standard'
      ORDER BY posters.posts DESC LIMIT $2
     RETURNING following_id`,
    [memberId, count],
  );
  const { rows: posts } = await pool.query(
    `SELECT (SELECT count(*) FROM activities WHERE NOT is_custom AND user_id = ANY($1::uuid[]))
          + (SELECT count(*) FROM dates WHERE visibility_public AND user_id = ANY($1::uuid[])) AS n`,
    [rows.map((row) => row.following_id)],
  );
  return { count: rows.length, posts: Number(posts[0].n) };
}

/** Some likes and saves, so For You has the member's categories to lift. */
async function giveTaste(pool, memberId) {
  await pool.query(
    `INSERT INTO likes (user_id, activity_id)
     SELECT $1, id FROM activities WHERE NOT is_custom AND category IN ('outdoors', 'music') ORDER BY id DESC LIMIT 30`,
    [memberId],
  );
  await pool.query(
    `INSERT INTO collection_items (collection_id, activity_id, added_by)
     SELECT c.id, a.id, $1 FROM collections c
       CROSS JOIN LATERAL (SELECT id FROM activities WHERE NOT is_custom AND category = 'food-drink'
                            ORDER BY id DESC LIMIT 10) a
      WHERE c.owner_id = $1 AND c.is_default`,
    [memberId],
  );
}

/**
 * The post `depth` posts back in the member's Following stream (newest first by created_at, kind,
 * id), as the api's cursor and as FeedRepository's position; the deepest full page when the stream
 * is shorter.
 */
async function positionAt(pool, memberId, depth) {
  const { rows } = await pool.query(
    `WITH stream AS (
       SELECT x.created_at, 'activity' AS kind, x.id FROM activities x JOIN follows f ON f.following_id = x.user_id
        WHERE f.follower_id = $1 AND NOT x.is_custom
       UNION ALL
       SELECT x.created_at, 'date', x.id FROM dates x JOIN follows f ON f.following_id = x.user_id
        WHERE f.follower_id = $1 AND x.visibility_public)
     SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros, kind, id::text,
            least($2::bigint, (SELECT count(*) FROM stream) - ${PAGE + 1}) AS depth
       FROM stream ORDER BY created_at DESC, kind DESC, id DESC
     OFFSET least($2::bigint, (SELECT count(*) FROM stream) - ${PAGE + 1}) - 1 LIMIT 1`,
    [memberId, depth],
  );
  const [{ micros, kind, id, depth: reached }] = rows;
  return {
    depth: Number(reached),
    position: { createdAtMicros: micros, kind, id },
    cursor: Buffer.from(`${micros}_${kind === 'activity' ? 'a' : 'd'}${id}`).toString('base64url'),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = generatedBenchArgs([
    'duration',
    'warmup',
    'connections',
    'pool',
    'depth',
    'member-follows',
  ]);
  ensureBuilt();
  printTable(
    await run(options),
    'Home feed: the api next to FeedRepository through plain pg, same connections',
  );
}
