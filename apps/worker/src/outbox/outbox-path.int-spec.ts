import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { outboxJobId } from '@datebook/contracts';
import { OutboxRepository } from '@datebook/db';
import { JobQueues, Metrics, type AppConfig } from '@datebook/server';
import {
  createTestEnvironment,
  mailsTo,
  testServices,
  waitFor,
  type TestEnvironment,
} from '@datebook/server/testing';
import { createApiApp } from '@datebook/api/testing';
import { TcpProxy } from '../testing/tcp-proxy';
import { startTestWorker } from '../testing/test-worker';

async function requestEarlyAccess(api: NestFastifyApplication, email: string): Promise<void> {
  const response = await api
    .getHttpAdapter()
    .getInstance()
    .inject({ method: 'POST', url: '/api/forms/early-access', payload: { name: 'Jo', email } });
  expect(response.statusCode).toBe(201);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the event path: api → outbox → relay → queue → worker → SMTP', () => {
  let env: TestEnvironment;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let db: DataSource;

  beforeAll(async () => {
    env = await createTestEnvironment();
    config = env.config;
    api = await createApiApp(config);
    await api.init();
    db = api.get(DataSource);
  });
  afterAll(async () => {
    await api.close();
    await env.cleanup();
  });

  it('mails a request made while the worker was down once it starts, exactly once', async () => {
    const email = `down-${randomUUID()}@example.com`;
    await requestEarlyAccess(api, email);
    await sleep(700);
    expect(await mailsTo(email)).toHaveLength(0);

    const worker = await startTestWorker(config);
    try {
      const [mail] = await waitFor(
        'the acknowledgement mail',
        () => mailsTo(email),
        (mails) => mails.length > 0,
      );
      expect(mail!.subject).toBe('Your Datebook early-access request');
      expect(mail!.text).toContain('Hi Jo,');

      const [row] = await db.query<
        Array<{ id: string; dispatched_at: Date | null; request_id: string; acknowledged_at: Date | null }>
      >(
        `SELECT o.id, o.dispatched_at, e.id AS request_id, e.acknowledged_at FROM outbox o
           JOIN early_access e ON o.payload->>'earlyAccessId' = e.id::text WHERE e.email = $1`,
        [email],
      );
      expect(row!.dispatched_at).not.toBeNull();
      await waitFor(
        'the acknowledgement flag',
        async () => {
          const [request] = await db.query<Array<{ acknowledged_at: Date | null }>>(
            'SELECT acknowledged_at FROM early_access WHERE id = $1',
            [row!.request_id],
          );
          return request!.acknowledged_at;
        },
        (value) => value !== null,
      );

      // A relay that enqueued but died before marking the row enqueues the same job id again: no-op.
      const queues = worker.get(JobQueues);
      await queues.enqueue(
        'mail.early-access-ack',
        { earlyAccessId: row!.request_id },
        { jobId: outboxJobId(row!.id, 'mail.early-access-ack') },
      );
      // Even a fresh job for the same request (a retry after success) finds it acknowledged.
      await queues.enqueue('mail.early-access-ack', { earlyAccessId: row!.request_id });
      await waitForQueueIdle(queues.queue('mail'));
      await sleep(300);
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });

  it('shares the work between two workers without mailing anyone twice', async () => {
    const workers = [await startTestWorker(config), await startTestWorker(config)];
    try {
      const emails = Array.from({ length: 12 }, (_, index) => `pair-${index}-${randomUUID()}@example.com`);
      await Promise.all(emails.map((email) => requestEarlyAccess(api, email)));
      for (const email of emails) {
        await waitFor(
          `mail to ${email}`,
          () => mailsTo(email),
          (mails) => mails.length > 0,
        );
      }
      await waitForQueueIdle(workers[0]!.get(JobQueues).queue('mail'));
      await sleep(300);
      for (const email of emails) {
        expect(await mailsTo(email)).toHaveLength(1);
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });

  it('keeps an event it cannot dispatch, with its error, and tries again later', async () => {
    const worker = await startTestWorker(config);
    try {
      const [{ id }] = await db.query<[{ id: string }]>(
        `INSERT INTO outbox (event_type, payload) VALUES ('no-such.event', '{}') RETURNING id`,
      );
      const row = await waitFor(
        'the failed dispatch to be recorded',
        async () =>
          (
            await db.query<
              Array<{
                attempts: number;
                last_error: string | null;
                dispatched_at: Date | null;
                later: boolean;
              }>
            >(
              'SELECT attempts, last_error, dispatched_at, available_at > now() AS later FROM outbox WHERE id = $1',
              [id],
            )
          )[0]!,
        (value) => value.attempts > 0,
      );
      expect(row).toMatchObject({ attempts: 1, dispatched_at: null, later: true });
      expect(row.last_error).toContain('Unknown outbox event type "no-such.event"');
    } finally {
      await worker.close();
      await db.query("DELETE FROM outbox WHERE event_type = 'no-such.event'");
    }
  });
});

describe('a job that keeps failing', () => {
  let env: TestEnvironment;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    // Nothing listens on port 9 (discard): every SMTP attempt fails.
    env = await createTestEnvironment({ SMTP_PORT: '9', JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '20' });
    worker = await startTestWorker(env.config);
  });
  afterAll(async () => {
    await worker.close();
    await env.cleanup();
  });

  it('is retried with back-off, then kept in the failed set with its error', async () => {
    const db = worker.get(DataSource);
    const email = `fail-${randomUUID()}@example.com`;
    const requestId = await db.transaction(async (manager) => {
      const [{ id }] = await manager.query<[{ id: string }]>(
        `INSERT INTO early_access (name, email) VALUES ('Fay', $1) RETURNING id`,
        [email],
      );
      await worker.get(OutboxRepository).in(manager).add('early-access.requested', { earlyAccessId: id });
      return id;
    });
    const queue = worker.get(JobQueues).queue('mail');
    const [failed] = await waitFor(
      'the job to fail for good',
      () => queue.getFailed(),
      (jobs) => jobs.length > 0,
    );
    expect(failed!.name).toBe('mail.early-access-ack');
    expect(failed!.data).toMatchObject({ earlyAccessId: requestId });
    expect(failed!.attemptsMade).toBe(2);
    expect(failed!.failedReason).toMatch(/ECONNREFUSED|connect/i);
    const [request] = await db.query<
      Array<{
        acknowledged_at: Date | null;
      }>
    >('SELECT acknowledged_at FROM early_access WHERE id = $1', [requestId]);
    expect(request!.acknowledged_at).toBeNull();
  });
});

async function waitForQueueIdle(queue: Queue): Promise<void> {
  await waitFor(
    `queue ${queue.name} to be idle`,
    () => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
    (counts) => Object.values(counts).every((count) => count === 0),
  );
}

describe('the relay while Redis is away', () => {
  const redis = new URL(testServices.redisUrl);
  const proxy = new TcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  let env: TestEnvironment;

  beforeAll(async () => {
    await proxy.start();
    env = await createTestEnvironment({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  });
  afterAll(async () => {
    await proxy.cut();
    await env.cleanup();
  });

  it('keeps its events due and untouched, and dispatches them as soon as Redis answers again', async () => {
    const worker = await startTestWorker(env.config);
    const db = worker.get(DataSource);
    const metrics = worker.get(Metrics);
    const pauses = async () =>
      (await metrics.registry.getSingleMetric('outbox_queue_unavailable_total')!.get()).values[0]?.value ?? 0;
    try {
      await proxy.cut();
      const [{ id }] = await db.query<[{ id: string }]>(
        `INSERT INTO outbox (event_type, payload) VALUES ('profile.changed', $1) RETURNING id`,
        [{ profileId: randomUUID() }],
      );
      // Tried, found Redis away, paused, and tried again.
      await waitFor('the relay to pause twice for the queue', pauses, (count) => count >= 2, 15_000);
      const [during] = await db.query<Array<{ attempts: number; due: boolean; dispatched_at: Date | null }>>(
        'SELECT attempts, available_at <= now() AS due, dispatched_at FROM outbox WHERE id = $1',
        [id],
      );
      // Not the event's fault: no attempt counted, no delay that would outlast the outage.
      expect(during).toEqual({ attempts: 0, due: true, dispatched_at: null });

      await proxy.restore();
      const dispatched = await waitFor(
        'the event to be dispatched once Redis is back',
        async () =>
          (
            await db.query<Array<{ dispatched_at: Date | null }>>(
              'SELECT dispatched_at FROM outbox WHERE id = $1',
              [id],
            )
          )[0]!.dispatched_at,
        (at) => at !== null,
        15_000,
      );
      expect(dispatched).toBeInstanceOf(Date);
    } finally {
      await proxy.restore().catch(() => undefined);
      await worker.close();
    }
  });
});
