import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueName } from '@datebook/contracts';
import type { Metrics } from '@datebook/server';
import type { JobResult } from './job-handler';

/**
 * Logs and counts how each job ended: done, skipped (with its reason) or failed (with its error),
 * labelled so a dashboard tells a queue that works from one that keeps finding nothing to do.
 */
export class JobOutcomes {
  constructor(
    private readonly metrics: Metrics,
    private readonly logger: Logger,
  ) {}

  completed(queue: QueueName, job: Job, result: JobResult): void {
    this.metrics.jobsProcessed.labels(queue, job.name, result.outcome).inc();
    const reason = result.outcome === 'skipped' ? result.reason : undefined;
    this.logger.info({ ...describe(queue, job), outcome: result.outcome, reason }, `job ${result.outcome}`);
  }

  failed(queue: QueueName, job: Job | undefined, error: Error): void {
    this.metrics.jobsProcessed.labels(queue, job?.name ?? 'unknown', 'failed').inc();
    this.logger.error({ err: error, ...describe(queue, job), outcome: 'failed' }, 'job failed');
  }
}

function describe(queue: QueueName, job: Job | undefined) {
  return {
    queue,
    job: job?.name,
    jobId: job?.id,
    attempt: job?.attemptsMade,
    correlationId: (job?.data as { correlationId?: string } | undefined)?.correlationId,
  };
}
