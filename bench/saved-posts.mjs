// Saved Posts at depth: GET /api/saved/posts for a member with 50,000 saves, the first page and a
// page 40,000 saves deep by keyset cursor, next to the statement `CollectionItemsRepository.listPage`
// sends, run through plain `pg` in the same run. One request in flight at a time (a member paging),
// so the figures are the cost of a page, not of queueing. The two depths should be within 2× of
// each other: keyset paging reads the same few index entries wherever it starts.
//
// Then the same member's collections (GET /api/collections, what /saved and the add-to-collection
// dialog read): the statement `CollectionsRepository.listOwn` sends, whose counts stop at
// COLLECTION_LIMITS.countedItems, next to the same statement counting every item (what it did
// before issue 24), both through plain `pg`. The capped list should cost a small fraction of it.
//
//   node bench/saved-posts.mjs [--saves 50000] [--depth 40000] [--requests 300] [--warmup 30]
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { printTable } from './lib/report.mjs';
import { ensureBuilt, log, startStack, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';

export const DEPTH_BUDGET = { text: 'page at depth within 2× of page 1 (p99)', factor: 2 };

// Besides the default collection (every save), the member has these, each holding the newest saves.
const OTHER_COLLECTIONS = [
  { name: 'Picnics', items: 5_000 },
  { name: 'Rainy days', items: 300 },
  { name: 'Anniversaries', items: 12 },
];

export const defaults = { saves: 50_000, depth: 40_000, requests: 300, warmup: 30 };

// The api's default page size, which Saved Posts asks for.
const PAGE_SIZE = 20;

// Half the saves are activities, half dates, each with one ready photo: the api's card query
// then has the work a real page has. All by one public author, so every save stays visible.
const seedStatements = ({ saves, defaultId, username }) => [
  [
    `WITH author AS (
       INSERT INTO users (email, password_hash, email_confirmed_at)
       VALUES ($1 || '-author@bench.example.com', 'not-a-hash', now()) RETURNING id
     )
     INSERT INTO profiles (id, username, display_name) SELECT id, $1 || '_author', 'Bench author' FROM author`,
    [username],
  ],
  [
    `INSERT INTO activities (user_id, title, description, tags, created_at)
       SELECT p.id, 'Activity ' || g, 'About ' || g, ARRAY['tag' || (g % 50)], now() - g * interval '1 minute'
         FROM profiles p, generate_series(1, $2::int / 2) g WHERE p.username = $1 || '_author'`,
    [username, saves],
  ],
  [
    `INSERT INTO dates (user_id, title, created_at)
       SELECT p.id, 'Date ' || g, now() - g * interval '1 minute'
         FROM profiles p, generate_series(1, $2::int - $2::int / 2) g WHERE p.username = $1 || '_author'`,
    [username, saves],
  ],
  [
    `INSERT INTO post_media (user_id, activity_id, media_type, display_key, storage_key, position, status)
       SELECT user_id, id, 'photo', 'bench/a' || id || '-1080.jpg', 'bench/a' || id, 0, 'ready' FROM activities`,
    [],
  ],
  [
    `INSERT INTO post_media (user_id, date_id, media_type, display_key, storage_key, position, status)
       SELECT user_id, id, 'photo', 'bench/d' || id || '-1080.jpg', 'bench/d' || id, 0, 'ready' FROM dates`,
    [],
  ],
  // The n-th activity and the n-th date alternate, newest save first.
  [
    `INSERT INTO collection_items (collection_id, activity_id, date_id, added_by, added_at)
       SELECT c.id, CASE WHEN g % 2 = 0 THEN a.id END, CASE WHEN g % 2 = 1 THEN d.id END, c.owner_id,
              now() - g * interval '1 second'
         FROM collections c
        CROSS JOIN generate_series(1, $2::int) g
         LEFT JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM activities) a
                ON g % 2 = 0 AND a.n = g / 2
         LEFT JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM dates) d
                ON g % 2 = 1 AND d.n = g / 2 + 1
        WHERE c.id = $1`,
    [defaultId, saves],
  ],
  ['ANALYZE', []],
];

export async function run(options = {}) {
  const { saves, depth, requests, warmup } = { ...defaults, ...options };
  return withCleanup(async (cleanup) => {
    const stack = await startStack(cleanup);
    const api = await stack.start('api');
    const pool = new pg.Pool({
      connectionString: stack.databaseUrl,
      max: 2,
      application_name: 'bench-raw-pg',
    });
    cleanup.add('pg pool', () => pool.end());

    const saver = await signUpSaver(api.url, pool);
    log(`seeding ${saves} saves for ${saver.username}`);
    const seedStarted = performance.now();
    await seed(pool, saver, saves);
    log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)}s`);

    const deep = await positionAt(pool, saver.defaultId, depth);
    const cursor = Buffer.from(`${deep.micros}_${deep.id}`).toString('base64url');
    const { CollectionItemsRepository } = await import('@datebook/db');
    const statement = async (after) => {
      let captured;
      const recorder = {
        query: (sql, parameters) => {
          captured = { sql, parameters };
          return Promise.resolve([]);
        },
      };
      await new CollectionItemsRepository(recorder).listPage(saver.id, saver.defaultId, {
        after,
        limit: PAGE_SIZE,
      });
      return captured;
    };

    const cases = [
      { label: 'page 1', url: '/api/saved/posts', raw: await statement(undefined) },
      {
        label: `page at depth ${depth}`,
        url: `/api/saved/posts?cursor=${cursor}`,
        raw: await statement({ createdAtMicros: deep.micros, id: deep.id }),
      },
    ];
    const headers = { authorization: `Bearer ${saver.accessToken}` };
    const rows = [];
    const apiRows = [];
    for (const { label, url, raw } of cases) {
      log(`${label}: ${warmup} warm-up then ${requests} requests, raw pg then the api`);
      const rawRow = await measure(`raw pg listPage, ${label}`, requests, warmup, async () => {
        const result = await pool.query(raw.sql, raw.parameters);
        if (result.rows.length !== PAGE_SIZE + 1) {
          throw new Error(`listPage returned ${result.rows.length} rows`);
        }
      });
      const apiRow = await measure(`api GET saved/posts, ${label}`, requests, warmup, async () => {
        const response = await fetch(`${api.url}${url}`, { headers });
        const body = await response.json();
        if (!response.ok || body.items.length !== PAGE_SIZE) {
          throw new Error(`HTTP ${response.status}, ${body.items?.length ?? 0} cards`);
        }
      });
      rows.push(rawRow, apiRow);
      apiRows.push(apiRow);
    }
    const [first, deepest] = apiRows;
    deepest.budget = DEPTH_BUDGET.text;
    deepest.verdict = verdict(first, deepest);

    await seedCollections(pool, saver);
    const { CollectionsRepository } = await import('@datebook/db');
    const { COLLECTION_LIMITS } = await import('@datebook/contracts');
    let listOwn;
    await new CollectionsRepository({
      query: (sql, parameters) => {
        listOwn = { sql, parameters };
        return Promise.resolve([]);
      },
    }).listOwn(saver.id, COLLECTION_LIMITS.list);
    const capPattern = new RegExp(` LIMIT ${COLLECTION_LIMITS.countedItems + 1}\\) ci\\)`);
    if (!capPattern.test(listOwn.sql)) {
      throw new Error('listOwn no longer caps its counts as this bench expects');
    }
    const countAll = { sql: listOwn.sql.replace(capPattern, ') ci)'), parameters: listOwn.parameters };
    const collectionCount = OTHER_COLLECTIONS.length + 1;
    const expectRows = (result) => {
      if (result.rows.length !== collectionCount) {
        throw new Error(`listOwn returned ${result.rows.length} rows`);
      }
      return result.rows;
    };
    const counted = expectRows(await pool.query(countAll.sql, countAll.parameters));
    log(`counts, all items: ${counted.map((row) => `${row.name} ${row.item_count}`).join(', ')}`);
    log(`collections: ${warmup} warm-up then ${requests} requests, each statement then the api`);
    const countAllRow = await measure(
      'raw pg listOwn counting every item (before)',
      requests,
      warmup,
      async () => expectRows(await pool.query(countAll.sql, countAll.parameters)),
    );
    const cappedRow = await measure('raw pg listOwn, counts capped', requests, warmup, async () =>
      expectRows(await pool.query(listOwn.sql, listOwn.parameters)),
    );
    const apiListRow = await measure('api GET collections, counts capped', requests, warmup, async () => {
      const response = await fetch(`${api.url}/api/collections`, { headers });
      const body = await response.json();
      if (!response.ok || body.items.length !== collectionCount || !body.items[0].itemCountCapped) {
        throw new Error(`HTTP ${response.status}, ${body.items?.length ?? 0} collections`);
      }
    });
    // No budget in ARCHITECTURE.md: the figure is the capped statement against counting every item.
    cappedRow.budget = 'vs counting all';
    cappedRow.verdict = `p50 ${ratio(cappedRow, countAllRow, 'p50')}, p99 ${ratio(cappedRow, countAllRow, 'p99')}`;
    rows.push(countAllRow, cappedRow, apiListRow);
    return rows;
  });
}

/** The member's other collections, each holding the newest of the default collection's saves. */
async function seedCollections(pool, saver) {
  for (const { name, items } of OTHER_COLLECTIONS) {
    await pool.query(
      `WITH made AS (INSERT INTO collections (owner_id, name) VALUES ($1, $2) RETURNING id)
       INSERT INTO collection_items (collection_id, activity_id, date_id, added_by, added_at)
         SELECT made.id, ci.activity_id, ci.date_id, $1, ci.added_at
           FROM made, (SELECT * FROM collection_items WHERE collection_id = $3
                        ORDER BY added_at DESC, id DESC LIMIT $4) ci`,
      [saver.id, name, saver.defaultId, items],
    );
  }
  await pool.query('ANALYZE collection_items');
}

function ratio(row, baseline, percentile) {
  return `${(row[percentile] / baseline[percentile]).toFixed(2)}×`;
}

/** A confirmed member through the api (the confirmation mail is skipped in the database). */
async function signUpSaver(apiUrl, pool) {
  const username = `saver_${randomBytes(5).toString('hex')}`;
  const member = {
    email: `${username}@bench.example.com`,
    username,
    password: `pw-${randomBytes(8).toString('hex')}`,
  };
  const post = (path, body) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/signup', member);
  if (signUp.status !== 201) {
    throw new Error(`sign-up: HTTP ${signUp.status} ${await signUp.text()}`);
  }
  await pool.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [member.email]);
  const signIn = await post('/api/auth/token', { email: member.email, password: member.password });
  if (!signIn.ok) {
    throw new Error(`sign-in: HTTP ${signIn.status} ${await signIn.text()}`);
  }
  const { accessToken } = await signIn.json();
  const { rows } = await pool.query(
    `SELECT p.id, c.id AS default_id FROM profiles p JOIN collections c ON c.owner_id = p.id AND c.is_default
      WHERE p.username = $1`,
    [username],
  );
  return { username, accessToken, id: rows[0].id, defaultId: rows[0].default_id };
}

async function seed(pool, saver, saves) {
  for (const [sql, values] of seedStatements({
    saves,
    defaultId: saver.defaultId,
    username: saver.username,
  })) {
    await pool.query(sql, values);
  }
}

/** The item a cursor names when the member has paged `depth` saves down, newest first. */
async function positionAt(pool, collectionId, depth) {
  const { rows } = await pool.query(
    `SELECT id::text, (extract(epoch FROM added_at) * 1000000)::bigint::text AS micros FROM collection_items
      WHERE collection_id = $1 ORDER BY added_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [collectionId, depth - 1],
  );
  return rows[0];
}

/** Closed loop, one at a time: `warmup` unmeasured calls, then `count` timed ones. */
async function measure(name, count, warmup, operation) {
  const latencies = [];
  let errors = 0;
  let firstError;
  for (let call = 0; call < warmup + count; call += 1) {
    const started = performance.now();
    try {
      await operation();
      if (call >= warmup) {
        latencies.push(performance.now() - started);
      }
    } catch (error) {
      errors += 1;
      firstError ??= error;
    }
  }
  if (firstError) {
    log(`${name}: ${errors} errors, first: ${firstError.message}`);
  }
  const elapsedMs = latencies.reduce((sum, value) => sum + value, 0);
  const { p50, p95, p99 } = summarize(latencies);
  return { bench: 'saved-posts', name, rate: latencies.length / (elapsedMs / 1000), p50, p95, p99, errors };
}

function verdict(first, deep) {
  if (first.errors > 0 || deep.errors > 0) {
    return 'MISS (errors)';
  }
  const ratio = deep.p99 / first.p99;
  const text = `${ratio.toFixed(2)}× page 1`;
  return ratio <= DEPTH_BUDGET.factor ? `PASS (${text})` : `MISS (${text})`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: Object.fromEntries(
      ['saves', 'depth', 'requests', 'warmup'].map((name) => [name, { type: 'string' }]),
    ),
  });
  const options = Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value)
      .map(([name, value]) => [name, Number(value)]),
  );
  ensureBuilt();
  printTable(
    await run(options),
    'Saved Posts at depth, and the collections list with capped counts, next to their statements through plain pg',
  );
}
