import type { JobName, JobPayload } from '@datebook/contracts';

export interface JobContext {
  jobId: string;
  attempt: number;
  correlationId?: string;
}

/**
 * One handler per job of the registry. Handlers are idempotent: they re-read state, return early
 * when there is nothing to do, and throw on anything unexpected so BullMQ retries with back-off.
 */
export interface JobHandler<N extends JobName = JobName> {
  readonly job: N;
  handle(payload: JobPayload<N>, context: JobContext): Promise<void>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
