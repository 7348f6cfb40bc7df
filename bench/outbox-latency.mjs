// Outbox path: how long from the commit of a row + outbox event until the worker starts the job
// (relay woken by NOTIFY → claim with SKIP LOCKED → Queue.add → BullMQ worker picks it up), next to
// BullMQ alone (Queue.add → a no-op Worker starts the job) at the same steady rate.
//
// By default the early_access rows are written already acknowledged, so the mail handler returns
// after one SELECT: the figures are the relay's and the queue's, not the SMTP server's. --mail
// leaves them unacknowledged and every job sends a real mail through MailDev.
//
//   node bench/outbox-latency.mjs [--rate 200] [--duration 10] [--warmup 100] [--mail]
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { drive } from './lib/pace.mjs';
import { judge, printTable } from './lib/report.mjs';
import { ensureBuilt, log, startScript, startStack, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';

export const QUEUE_BUDGET = {
  text: 'queue: enqueue → start p99 ≤ 25 ms at 200 jobs/s',
  p99Ms: 25,
  atRate: 200,
};

export const defaults = { rate: 200, duration: 10, warmup: 100, mail: false };

// Jobs still not started this long after the last write count as errors.
const SETTLE_MS = 30_000;
// A few writers are enough for 200/s of short transactions; the pool is not what is measured here.
const WRITERS = 10;

export async function run(options = {}) {
  const { rate, duration, warmup, mail } = { ...defaults, ...options };
  return withCleanup(async (cleanup) => {
    const stack = await startStack(cleanup);
    const connection = new Redis(stack.redisUrl, { maxRetriesPerRequest: null });
    cleanup.add('redis connection', () => connection.quit());
    const queueOf = (name) => {
      const queue = new Queue(name, { connection, prefix: stack.queuePrefix });
      cleanup.add(`queue ${name}`, () => queue.close());
      return queue;
    };
    const steady = (operation) =>
      drive({ rate, durationMs: duration * 1000, concurrency: WRITERS, operation });

    log(`BullMQ alone: Queue.add → no-op Worker, ${rate}/s for ${duration}s`);
    const noop = queueOf('bench-noop');
    const consumer = await startScript(cleanup, join(import.meta.dirname, 'lib', 'noop-worker.mjs'), {
      REDIS_URL: stack.redisUrl,
      QUEUE_PREFIX: stack.queuePrefix,
      QUEUE_NAME: noop.name,
    });
    await Promise.all(Array.from({ length: warmup }, () => noop.add('warmup', {})));
    await settle(noop, warmup);
    const added = new Set();
    const baselineLoad = await steady(async () => {
      added.add((await noop.add('noop', {})).id);
    });
    const baselineJobs = (await settle(noop, warmup + added.size)).filter((job) => added.has(job.id));
    await consumer.stop();
    const baseline = summarize(baselineJobs.map((job) => job.processedOn - job.timestamp));
    const rows = [
      {
        bench: 'outbox-latency',
        name: `BullMQ alone: add → start @${rate}/s`,
        rate: rateOf(baselineLoad),
        ...pick(baseline),
        errors: baselineLoad.errors.length + (added.size - baselineJobs.length),
      },
    ];

    log(
      `outbox path: commit → job start, ${rate}/s for ${duration}s${mail ? ', real mail via MailDev' : ''}`,
    );
    await stack.start('worker');
    const mailQueue = queueOf('mail');
    const pool = new pg.Pool({
      connectionString: stack.databaseUrl,
      max: WRITERS,
      application_name: 'bench-outbox',
    });
    cleanup.add('pg pool', () => pool.end());
    let sequence = 0;
    const write = () => writeEvent(pool, `${stack.runId}-${++sequence}@bench.example.com`, !mail);
    await Promise.all(Array.from({ length: warmup }, write));
    await settle(mailQueue, warmup);
    // The relay's own job ids, so a change of their format cannot silently empty the sample.
    const { outboxJobId } = await import('@datebook/contracts');
    const committed = new Map();
    const load = await steady(async () => {
      const { outboxId, committedAt } = await write();
      committed.set(outboxJobId(outboxId, 'mail.early-access-ack'), committedAt);
    });
    const jobs = (await settle(mailQueue, warmup + committed.size)).filter((job) => committed.has(job.id));
    const failed = jobs.filter((job) => job.failedReason);
    if (failed.length > 0) {
      log(`${failed.length} jobs failed, first: ${failed[0].failedReason}`);
    }
    const started = jobs.filter((job) => job.processedOn);
    const errors = load.errors.length + (committed.size - started.length) + failed.length;
    const committedAt = (job) => committed.get(job.id);
    const enqueuedAt = (job) => job.timestamp;
    const startedAt = (job) => job.processedOn;
    const measured = (from, to) => pick(summarize(started.map((job) => to(job) - from(job))));
    const commitToStart = {
      bench: 'outbox-latency',
      name: `outbox: commit → job start @${rate}/s`,
      rate: rateOf(load),
      ...measured(committedAt, startedAt),
      errors,
      budget: QUEUE_BUDGET.text,
    };
    commitToStart.verdict = judge(commitToStart, QUEUE_BUDGET);
    rows.push(
      commitToStart,
      {
        bench: 'outbox-latency',
        name: '  of which commit → relay Queue.add',
        rate: Number.NaN,
        ...measured(committedAt, enqueuedAt),
        errors: '',
      },
      {
        bench: 'outbox-latency',
        name: '  of which Queue.add → job start',
        rate: Number.NaN,
        ...measured(enqueuedAt, startedAt),
        errors: '',
      },
    );
    if (load.errors.length > 0) {
      log(`${load.errors.length} writes failed, first: ${load.errors[0].message}`);
    }
    return rows;
  });
}

/**
 * One early-access request and its outbox event in one transaction, as the api writes them. The
 * commit time is taken when COMMIT returns: the relay cannot see the row earlier (NOTIFY fires at
 * commit), and created_at (the transaction's start) would add the insert time.
 */
async function writeEvent(pool, email, acknowledged) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: requests } = await client.query(
      'INSERT INTO early_access (name, email, acknowledged_at) VALUES ($1, $2, $3) RETURNING id',
      ['Bench', email, acknowledged ? new Date() : null],
    );
    const { rows: events } = await client.query(
      'INSERT INTO outbox (event_type, payload) VALUES ($1, $2) RETURNING id',
      ['early-access.requested', JSON.stringify({ earlyAccessId: requests[0].id })],
    );
    await client.query('COMMIT');
    return { outboxId: events[0].id, committedAt: Date.now() };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Waits until `count` jobs of `queue` are finished (or SETTLE_MS pass) and returns the finished ones. */
async function settle(queue, count) {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const { completed, failed } = await queue.getJobCounts('completed', 'failed');
    if (completed + failed >= count || Date.now() > deadline) {
      break;
    }
    await sleep(100);
  }
  return queue.getJobs(['completed', 'failed']);
}

const rateOf = ({ latencies, elapsedMs }) => latencies.length / (elapsedMs / 1000);
const pick = ({ p50, p95, p99 }) => ({ p50, p95, p99 });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      mail: { type: 'boolean' },
    },
  });
  const options = {
    ...Object.fromEntries(
      ['rate', 'duration', 'warmup']
        .filter((name) => values[name])
        .map((name) => [name, Number(values[name])]),
    ),
    ...(values.mail && { mail: true }),
  };
  ensureBuilt();
  printTable(await run(options), 'Outbox: commit → job start, next to BullMQ alone at the same rate');
}
