// A generated database for a benchmark run: reused when one was kept (`bench/generate.mjs --keep`),
// generated into the run's own database otherwise.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { generate, plan } from './generate-data.mjs';
import { log, startStack } from './stack.mjs';

export const GENERATED_DEFAULTS = { posts: 1_000_000, users: 100_000, follows: 50 };

/**
 * A discovery bench's command line: the data set's sizes and the bench's own `numeric` flags
 * (kebab-case on the command line, camelCase in the options), `--db` and `--keep`, and any
 * `booleans` of its own.
 */
export function generatedBenchArgs(numeric, booleans = []) {
  const names = ['posts', 'users', 'follows', ...numeric];
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      ...Object.fromEntries(['keep', ...booleans].map((name) => [name, { type: 'boolean' }])),
      db: { type: 'string' },
    },
  });
  const options = Object.fromEntries(
    names
      .filter((name) => values[name])
      .map((name) => [name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase()), Number(values[name])]),
  );
  const flags = Object.fromEntries(['keep', ...booleans].map((name) => [name, values[name]]));
  return { ...options, ...flags, db: values.db };
}

/** The name a kept database of these sizes goes by. */
export const keptName = ({ posts, users, follows }) => `bench_gen_p${posts}_u${users}_f${follows}`;

const adminUrl = async () => (await import('@datebook/db/testing')).DEFAULT_ADMIN_URL;

async function admin(sql, values) {
  const client = new pg.Client({
    connectionString: await adminUrl(),
    application_name: 'bench-generate-admin',
  });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

export const databaseExists = async (name) =>
  (await admin('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;

/** Renames a database once nobody is connected to it (the apps and pools have stopped by then). */
async function rename(from, to) {
  await admin('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [from]);
  await admin(`ALTER DATABASE "${from}" RENAME TO "${to}"`);
}

/** Generates with a line per step: its time, and the rows it wrote. */
export async function generateWithLog(url, sizes) {
  log(`generating ${sizes.posts} posts, ${sizes.users} members, ~${sizes.follows} follows each`);
  const started = performance.now();
  const timings = await generate(url, sizes, {
    onStep: ({ step, table, rows, ms }) =>
      log(
        `  ${(ms / 1000).toFixed(1).padStart(6)}s  ${step}${table ? ` → ${table}` : ''}${rows === null ? '' : `: ${rows} rows`}`,
      ),
  });
  log(`generated in ${((performance.now() - started) / 1000).toFixed(0)}s`);
  return timings;
}

/**
 * startStack's run, on generated data: the kept database of these sizes (or `db`) is renamed to the
 * run's database for the run and back afterwards, its migrations brought up to date; without one,
 * the run's database is generated, and kept under its sizes' name when `keep` is set.
 */
export async function startGeneratedStack(cleanup, options = {}) {
  const sizes = { ...GENERATED_DEFAULTS, ...options.sizes };
  const stack = await startStack(cleanup, { poolSize: options.poolSize ?? 10 });
  const name = options.db ?? keptName(sizes);
  if (await databaseExists(name)) {
    log(`reusing the generated database ${name}`);
    await admin(`DROP DATABASE "${stack.runId}" WITH (FORCE)`);
    await rename(name, stack.runId);
    cleanup.add(`renaming ${stack.runId} back to ${name}`, () => rename(stack.runId, name));
    const { createDataSource, migrateAndSeed } = await import('@datebook/db');
    const dataSource = createDataSource({
      url: stack.databaseUrl,
      poolSize: 1,
      applicationName: 'bench-migrate',
    });
    await dataSource.initialize();
    try {
      await migrateAndSeed(dataSource);
    } finally {
      await dataSource.destroy();
    }
  } else {
    log(`no database ${name}: generating one for this run${options.keep ? ', kept afterwards' : ''}`);
    await generateWithLog(stack.databaseUrl, sizes);
    if (options.keep) {
      cleanup.add(`keeping ${stack.runId} as ${name}`, () => rename(stack.runId, name));
    }
  }
  return { ...stack, sizes, generatedName: name, plan: plan(sizes) };
}

let addressCounter = 0;

/** A client address of its own per call, so per-address rate limits see many clients, not one. */
export const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** A confirmed member through the api (the confirmation mail is skipped in the database). */
export async function signUpMember(apiUrl, pool, prefix) {
  const username = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const member = { email: `${username}@bench.example.com`, username, password: `pw-${username}-secret` };
  const post = (path, body) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
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
  const { rows } = await pool.query('SELECT id FROM profiles WHERE username = $1', [username]);
  return { username, email: member.email, accessToken, id: rows[0].id };
}

/**
 * Removes members a run added to a kept database (their posts, follows, likes and search documents
 * go with them), so the next run finds the generated data as it was. Registered before the apps
 * start, so it runs once they have stopped: a worker still scoring or indexing their posts would
 * otherwise write rows for members already gone.
 */
export function removeMembersAfterwards(cleanup, databaseUrl) {
  const ids = [];
  cleanup.add('bench members', async () => {
    if (ids.length === 0) {
      return;
    }
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-cleanup' });
    await client.connect();
    try {
      await client.query('DELETE FROM search_documents WHERE author_id = ANY($1::uuid[])', [ids]);
      await client.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [ids]);
    } finally {
      await client.end();
    }
  });
  return ids;
}

/** A repository's executor on a plain `pg` pool: the same SQL, without TypeORM, Nest or HTTP. */
export const rawExecutor = (pool) => ({
  query: (sql, parameters) => pool.query(sql, parameters).then((result) => result.rows),
});

/**
 * Closed loop: `connections` callers each await `operation()` back to back for `seconds`, after
 * `warmup` seconds unmeasured. Returns the bench table's row fields.
 */
export async function closedLoop({ connections, seconds, warmup, operation }) {
  const loop = async (until, latencies, errors) => {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          try {
            await operation();
            latencies?.push(performance.now() - started);
          } catch (error) {
            errors?.push(error);
          }
        }
      }),
    );
  };
  await loop(performance.now() + warmup * 1000);
  const latencies = [];
  const errors = [];
  const began = performance.now();
  await loop(began + seconds * 1000, latencies, errors);
  return { latencies, errors, elapsedMs: performance.now() - began };
}

/** The same closed loop through autocannon against one GET (2xx counts, anything else is an error). */
export async function autocannonGet({ url, headers, connections, seconds, warmup }) {
  const { default: autocannon } = await import('autocannon');
  const run = async (duration, latencies, errors) => {
    const instance = autocannon({ url, headers, connections, duration });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) {
        latencies?.push(responseTime);
      } else {
        errors?.push(new Error(`HTTP ${status}`));
      }
    });
    instance.on('reqError', (error) => errors?.push(error));
    await instance;
  };
  if (warmup > 0) {
    await run(warmup);
  }
  const latencies = [];
  const errors = [];
  const began = performance.now();
  await run(seconds, latencies, errors);
  return { latencies, errors, elapsedMs: performance.now() - began };
}

/**
 * One call at a time (a person searching, not a crowd): `warmup` unmeasured calls, then up to
 * `requests` timed ones, stopping early after `maxSeconds` so a slow statement cannot hold a run.
 */
export async function oneAtATime({ requests, warmup, maxSeconds, operation }) {
  const latencies = [];
  const errors = [];
  const until = performance.now() + maxSeconds * 1000;
  for (let call = 0; call < warmup + requests && performance.now() < until; call += 1) {
    const started = performance.now();
    try {
      await operation();
      if (call >= warmup) {
        latencies.push(performance.now() - started);
      }
    } catch (error) {
      errors.push(error);
    }
  }
  return { latencies, errors, elapsedMs: latencies.reduce((sum, value) => sum + value, 0) };
}

/**
 * Waits until nothing but this session runs a statement in the database: requests a load tool gave
 * up on may still hold the api's connections, and the next measurement must not queue behind them.
 * Past `seconds`, they are cancelled.
 */
export async function settle(pool, seconds = 30) {
  const active = `SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    if ((await pool.query(active)).rowCount === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await pool.query(`SELECT pg_cancel_backend(pid) FROM (${active}) a`);
}
