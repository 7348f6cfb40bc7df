import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { JobQueues } from '@datebook/server';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { WorkerModule } from '../worker.module';
import { WorkerHttpService } from './worker-http.service';

/** The value of the sample of `series` whose labels include all of `labels`. */
function sample(body: string, series: string, labels: string[] = []): number | undefined {
  const line = body
    .split('\n')
    .find(
      (text) =>
        (text.startsWith(`${series}{`) || text.startsWith(`${series} `)) &&
        labels.every((label) => text.includes(label)),
    );
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('worker metrics', () => {
  let env: TestEnvironment;
  let worker: INestApplicationContext;
  let metricsUrl: string;

  beforeAll(async () => {
    env = await createTestEnvironment({ WORKER_HTTP_HOST: '127.0.0.1', WORKER_HTTP_PORT: '0' });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(env.config), { logger: false });
    await worker.init();
    metricsUrl = `http://${worker.get(WorkerHttpService).listeningOn()[0]}/metrics`;
  });
  afterAll(async () => {
    await worker.close();
    await env.cleanup();
  });

  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("report each queue's depth by state and how long its oldest waiting job has waited", async () => {
    // Mail has no scheduled jobs of its own, so its numbers are exactly what the test adds.
    const mail = worker.get(JobQueues).queue('mail');
    // Paused, the queue keeps its jobs waiting; one was added ten minutes ago, one is delayed.
    await mail.pause();
    await mail.add('mail.test', {}, { timestamp: Date.now() - 600_000 });
    await mail.add('mail.test', {});
    await mail.add('mail.test', {}, { delay: 3_600_000 });
    // A prioritized job waits in a set of its own, which the depth counts too, with its age.
    await mail.add('mail.test', {}, { priority: 5, timestamp: Date.now() - 1_200_000 });

    const body = await scrape();
    expect(sample(body, 'queue_jobs', ['queue="mail"', 'state="waiting"'])).toBe(2);
    expect(sample(body, 'queue_jobs', ['queue="mail"', 'state="prioritized"'])).toBe(1);
    expect(sample(body, 'queue_jobs', ['queue="mail"', 'state="waiting-children"'])).toBe(0);
    expect(sample(body, 'queue_jobs', ['queue="mail"', 'state="delayed"'])).toBe(1);
    expect(sample(body, 'queue_jobs', ['queue="mail"', 'state="active"'])).toBe(0);
    expect(sample(body, 'queue_jobs', ['queue="media"', 'state="failed"'])).toBe(0);
    const age = sample(body, 'queue_oldest_waiting_job_age_seconds', ['queue="mail"']);
    expect(age).toBeGreaterThanOrEqual(1200);
    expect(age).toBeLessThan(3600);
    expect(sample(body, 'queue_oldest_waiting_job_age_seconds', ['queue="media"'])).toBe(0);
    await mail.obliterate({ force: true });
  });

  it('report the outbox events not yet dispatched and the age of the oldest', async () => {
    // Postponed by a failed dispatch an hour ago: pending, and not claimable by the relay.
    await worker.get(DataSource).query(
      `INSERT INTO outbox (event_type, payload, created_at, available_at)
         VALUES ('post.published', '{}', now() - interval '1 hour', now() + interval '1 hour')`,
    );
    const body = await scrape();
    expect(sample(body, 'outbox_pending_events')).toBe(1);
    expect(sample(body, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
  });
});
