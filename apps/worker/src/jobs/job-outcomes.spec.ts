import type { Job } from 'bullmq';
import pino from 'pino';
import { Metrics } from '@datebook/server';
import { JobOutcomes } from './job-outcomes';
import { done, skipped } from './job-handler';

describe('JobOutcomes', () => {
  const job = (name: string) =>
    ({ name, id: '7', attemptsMade: 1, data: { correlationId: 'req-1' } }) as unknown as Job;

  function setUp() {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino(
      {},
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const metrics = new Metrics('worker');
    return { lines, metrics, outcomes: new JobOutcomes(metrics, logger) };
  }

  const counted = async (metrics: Metrics) =>
    (await metrics.jobsProcessed.get()).values.map(({ labels, value }) => ({ ...labels, value }));

  it('tells a skipped job from a done one in the metric and the log, with the reason', async () => {
    const { lines, metrics, outcomes } = setUp();
    outcomes.completed('media', job('media.process-avatar'), done());
    outcomes.completed('media', job('media.process-avatar'), skipped('already processed'));
    outcomes.completed('media', job('media.process-avatar'), skipped('upload not found'));

    expect(await counted(metrics)).toEqual([
      { queue: 'media', name: 'media.process-avatar', outcome: 'done', value: 1 },
      { queue: 'media', name: 'media.process-avatar', outcome: 'skipped', value: 2 },
    ]);
    expect(lines.map(({ msg, outcome, reason }) => ({ msg, outcome, reason }))).toEqual([
      { msg: 'job done', outcome: 'done', reason: undefined },
      { msg: 'job skipped', outcome: 'skipped', reason: 'already processed' },
      { msg: 'job skipped', outcome: 'skipped', reason: 'upload not found' },
    ]);
    expect(lines[0]).toMatchObject({
      queue: 'media',
      job: 'media.process-avatar',
      jobId: '7',
      correlationId: 'req-1',
    });
  });

  it('counts and logs a failed job with its error', async () => {
    const { lines, metrics, outcomes } = setUp();
    outcomes.failed('mail', job('mail.auth-link'), new Error('SMTP down'));
    expect(await counted(metrics)).toEqual([
      { queue: 'mail', name: 'mail.auth-link', outcome: 'failed', value: 1 },
    ]);
    expect(lines[0]).toMatchObject({ msg: 'job failed', outcome: 'failed', err: { message: 'SMTP down' } });
  });
});
