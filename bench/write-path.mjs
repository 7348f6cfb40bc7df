// Write path: POST /api/forms/early-access (an early_access row and an outbox row in one
// transaction) at fixed rates, next to the same two INSERTs through plain `pg` with a pool of the
// same size at the same concurrency, under two load shapes:
//   autocannon  autocannon's `overallRate`: every second starts with a burst (each of the 50
//               connections sends its share back to back), so p99 is mostly burst-drain time;
//   steady      requests evenly spaced (open loop, latency from the due time), which is what
//               "p99 at 500 req/s" in the budget means.
//
//   node bench/write-path.mjs [--rates 200,500] [--duration 10] [--connections 50] [--pool 10]
//                             [--warmup 2] [--shapes autocannon,steady]
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { drive } from './lib/pace.mjs';
import { judge, printTable } from './lib/report.mjs';
import { ensureBuilt, log, startStack, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';

export const WRITE_BUDGET = { text: 'writes p99 ≤ 25 ms at 500 req/s', p99Ms: 25, atRate: 500 };

export const defaults = {
  rates: [200, 500],
  duration: 10,
  connections: 50,
  pool: 10,
  warmup: 2,
  shapes: ['autocannon', 'steady'],
};

// What TypeORM sends for the service's `insert()` and `OutboxRepository.add()` (checked with logging on).
const INSERT_REQUEST = 'INSERT INTO early_access (name, email) VALUES ($1, $2) RETURNING id, created_at';
const INSERT_EVENT =
  'INSERT INTO outbox (event_type, payload, correlation_id) VALUES ($1, $2, $3) RETURNING id';

export async function run(options = {}) {
  const { rates, duration, connections, pool: poolSize, warmup, shapes } = { ...defaults, ...options };
  return withCleanup(async (cleanup) => {
    const stack = await startStack(cleanup, { poolSize });
    const api = await stack.start('api');
    const url = `${api.url}/api/forms/early-access`;
    const pool = new pg.Pool({
      connectionString: stack.databaseUrl,
      max: poolSize,
      application_name: 'bench-raw-pg',
    });
    cleanup.add('pg pool', () => pool.end());
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    cleanup.add('http agent', () => agent.destroy());

    // Every request, raw or HTTP, gets its own number, hence a unique e-mail (the column is unique)
    // and, over HTTP, a client address of its own: the api limits this form to 30 per 10 minutes per
    // request.ip and trusts X-Forwarded-For from loopback, so the run measures writes, not 429s.
    let sequence = 0;
    const next = () => {
      const n = ++sequence;
      return {
        email: `${stack.runId}-${n}@bench.example.com`,
        address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      };
    };

    const measure = async (side, shape, rate, seconds) => {
      const result =
        side === 'api' && shape === 'autocannon'
          ? await autocannonWrites(url, { rate, seconds, connections, next })
          : await drive({
              rate,
              durationMs: seconds * 1000,
              concurrency: connections,
              shape,
              operation: side === 'api' ? () => httpWrite(url, agent, next()) : () => rawWrite(pool, next()),
            });
      if (result.errors.length > 0) {
        log(
          `${side} ${shape} @${rate}/s: ${result.errors.length} errors, first: ${result.errors[0].message}`,
        );
      }
      const { p50, p95, p99 } = summarize(result.latencies);
      const name = `${side === 'api' ? 'api POST early-access' : 'raw pg, same 2 INSERTs'} @${rate}/s ${shape}`;
      const rateAchieved = result.latencies.length / (result.elapsedMs / 1000);
      return { bench: 'write-path', name, rate: rateAchieved, p50, p95, p99, errors: result.errors.length };
    };

    log(`warming up: ${warmup}s of each side at ${rates[0]}/s`);
    await measure('raw', 'steady', rates[0], warmup);
    await measure('api', 'steady', rates[0], warmup);

    const rows = [];
    for (const shape of shapes) {
      for (const rate of rates) {
        log(`${shape} ${rate}/s for ${duration}s, ≤${connections} in flight: raw pg, then the api`);
        rows.push(await measure('raw', shape, rate, duration));
        const row = await measure('api', shape, rate, duration);
        if (rate === WRITE_BUDGET.atRate) {
          row.budget = WRITE_BUDGET.text;
          row.verdict = judge(row, WRITE_BUDGET);
        }
        rows.push(row);
      }
    }
    return rows;
  });
}

async function rawWrite(pool, { email }) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(INSERT_REQUEST, ['Bench', email]);
    await client.query(INSERT_EVENT, [
      'early-access.requested',
      JSON.stringify({ earlyAccessId: rows[0].id }),
      // The api stores its request id here.
      randomUUID(),
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const body = (email) => JSON.stringify({ name: 'Bench', email });

function httpWrite(url, agent, { email, address }) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-forwarded-for': address } },
      (response) => {
        response.resume();
        response.once('end', () =>
          response.statusCode === 201 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`)),
        );
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body(email));
  });
}

async function autocannonWrites(url, { rate, seconds, connections, next }) {
  const latencies = [];
  const errors = [];
  const began = performance.now();
  const instance = autocannon({
    url,
    connections,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { email, address } = next();
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'application/json', 'x-forwarded-for': address },
            body: body(email),
          };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status === 201) {
      latencies.push(responseTime);
    } else {
      errors.push(new Error(`HTTP ${status}`));
    }
  });
  instance.on('reqError', (error) => errors.push(error));
  await instance;
  return { latencies, errors, elapsedMs: performance.now() - began };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: Object.fromEntries(
      ['rates', 'duration', 'connections', 'pool', 'warmup', 'shapes'].map((name) => [
        name,
        { type: 'string' },
      ]),
    ),
  });
  const options = {
    ...(values.rates && { rates: values.rates.split(',').map(Number) }),
    ...(values.shapes && { shapes: values.shapes.split(',') }),
    ...Object.fromEntries(
      ['duration', 'connections', 'pool', 'warmup']
        .filter((name) => values[name])
        .map((name) => [name, Number(values[name])]),
    ),
  };
  ensureBuilt();
  printTable(await run(options), 'Write path: the api next to plain pg, same rate and concurrency');
}
