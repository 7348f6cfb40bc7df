// Search at a million posts and 100,000 members (issue 12): GET /api/search/activities for single
// terms — a rare one, one in half the posts, a misspelled one, a tag — in each sort, and
// GET /api/search/users, next to the statement SearchRepository sends for the same search, run
// through plain `pg` in the same run. One request at a time (a person searching), so the figures
// are the cost of a search, not of queueing.
//
//   node bench/search.mjs [--posts 1000000] [--users 100000] [--follows 50] [--db <kept name>] [--keep]
//                         [--requests 100] [--warmup 10] [--max-seconds 10] [--users-only]
//
// `--users-only` runs the member searches alone (issue 24: a misspelled name goes through the names
// vocabulary); their cost depends on the members, not the posts, so a smaller --posts will do.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WORDS } from './lib/generate-data.mjs';
import {
  generatedBenchArgs,
  oneAtATime,
  rawExecutor,
  removeMembersAfterwards,
  signUpMember,
  startGeneratedStack,
} from './lib/generate-stack.mjs';
import { latencyRow, printTable } from './lib/report.mjs';
import { ensureBuilt, log, withCleanup } from './lib/stack.mjs';

export const SEARCH_BUDGET = { posts: 50, users: 20 };

export const defaults = { requests: 100, warmup: 10, maxSeconds: 10 };

/** The api's page size for search, and what the service asks the repository for (one more). */
const PAGE = 10;

const SORTS = [
  ['Relevance', 'relevance'],
  ['Newest', 'newest'],
  ['Most Popular', 'popular'],
  ['Highest Rated', 'rated'],
];

export async function run(options = {}) {
  const { requests, warmup, maxSeconds, db, keep, usersOnly, ...sizes } = { ...defaults, ...options };
  return withCleanup(
    async (cleanup) => {
      const stack = await startGeneratedStack(cleanup, { sizes, db, keep });
      const added = removeMembersAfterwards(cleanup, stack.databaseUrl);
      const api = await stack.start('api');
      const pool = new pg.Pool({
        connectionString: stack.databaseUrl,
        max: 2,
        application_name: 'bench-raw-pg',
      });
      cleanup.add('pg pool', () => pool.end());
      const { SearchRepository } = await import('@datebook/db');
      const search = new SearchRepository(rawExecutor(pool));

      const member = await signUpMember(api.url, pool, 'searcher');
      added.push(member.id);
      const { rows } = await pool.query(
        `SELECT username FROM profiles WHERE access_type = 'standard' ORDER BY follower_count DESC LIMIT 1 OFFSET 500`,
      );
      const someUsername = rows[0].username;
      const headers = { authorization: `Bearer ${member.accessToken}` };

      const cases = [];
      const terms = [
        ['rare', WORDS.rare],
        ['in half the posts', WORDS.common],
        ['misspelled', WORDS.misspelled],
        ['tag', WORDS.tag],
      ];
      for (const [what, q] of usersOnly ? [] : terms) {
        for (const [label, sort] of SORTS) {
          cases.push({
            name: `activities '${q}' (${what}), ${label}`,
            budget: SEARCH_BUDGET.posts,
            path: `/api/search/activities?q=${encodeURIComponent(q)}&sort=${encodeURIComponent(label)}`,
            raw: () => search.posts('activity', member.id, { q, filters: {}, sort, limit: PAGE + 1 }),
          });
        }
      }
      for (const [what, q] of [
        ['a common first name', WORDS.person],
        ['a username', someUsername],
        [
          'a misspelled name',
          `${WORDS.person.slice(0, -2)}${WORDS.person.slice(-1)}${WORDS.person.slice(-2, -1)}`,
        ],
      ]) {
        cases.push({
          name: `users '${q}' (${what})`,
          budget: SEARCH_BUDGET.users,
          path: `/api/search/users?q=${encodeURIComponent(q)}`,
          raw: () => search.users(member.id, { q, limit: PAGE + 1 }),
        });
      }

      const table = [];
      for (const { name, budget, path, raw } of cases) {
        log(
          `${name}: ${(await raw()).length} rows on page 1; raw pg, then the api` +
            ` (${warmup} warm-up, up to ${requests} timed or ${maxSeconds}s)`,
        );
        const rawRow = latencyRow(
          'search',
          `raw pg ${name}`,
          await oneAtATime({ requests, warmup, maxSeconds, operation: raw }),
        );
        const apiRow = latencyRow(
          'search',
          `api ${name}`,
          await oneAtATime({
            requests,
            warmup,
            maxSeconds,
            operation: async () => {
              const response = await fetch(`${api.url}${path}`, { headers });
              const body = await response.json();
              if (!response.ok) {
                throw new Error(`HTTP ${response.status} ${JSON.stringify(body)}`);
              }
            },
          }),
        );
        apiRow.budget = `p95 ≤ ${budget} ms`;
        apiRow.verdict =
          apiRow.errors > 0
            ? 'MISS (errors)'
            : apiRow.p95 <= budget
              ? 'PASS'
              : `MISS (p95 ${apiRow.p95.toFixed(1)} ms)`;
        table.push(rawRow, apiRow);
      }
      return table;
    },
    { timeLimitMs: 60 * 60_000 },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { 'users-only': usersOnly, ...options } = generatedBenchArgs(
    ['requests', 'warmup', 'max-seconds'],
    ['users-only'],
  );
  ensureBuilt();
  printTable(
    await run({ ...options, usersOnly }),
    'Search: the api next to SearchRepository through plain pg, one request at a time',
  );
}
