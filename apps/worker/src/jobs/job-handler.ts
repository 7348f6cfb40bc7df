import type { JobName, JobPayload } from '@datebook/contracts';

export interface JobContext {
  jobId: string;
  attempt: number;
  correlationId?: string;
}

/**
 * What a handler did: its work, or nothing and why (gone, already done, not due). The queue runner
 * logs and counts the two apart, so a job that found nothing to do never passes for one that did it.
 */
export type JobResult = { outcome: 'done' } | { outcome: 'skipped'; reason: string };

export const done = (): JobResult => ({ outcome: 'done' });
export const skipped = (reason: string): JobResult => ({ outcome: 'skipped', reason });

/**
 * One handler per job of the registry. Handlers are idempotent: they re-read state, return `skipped`
 * when there is nothing to do, and throw on anything unexpected so BullMQ retries with back-off.
 */
export interface JobHandler<N extends JobName = JobName> {
  readonly job: N;
  handle(payload: JobPayload<N>, context: JobContext): Promise<JobResult>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
