import type { JobsOptions } from 'bullmq';
import type { AppConfig } from '../config';

/**
 * The outbox relay de-duplicates by job id, which only works while the completed job still exists.
 * A relay re-enqueues a row only when its own transaction failed after enqueueing, and it retries
 * within seconds (the NOTIFY or the next poll), so keeping a day's worth, capped at 50,000 jobs
 * (over four minutes at 200 jobs a second), covers that window with room to spare while bounding
 * Redis memory. Failed jobs stay two weeks with their error, for operators.
 */
export function defaultJobOptions(config: Pick<AppConfig, 'jobs'>): JobsOptions {
  return {
    attempts: config.jobs.attempts,
    backoff: { type: 'exponential', delay: config.jobs.backoffMs },
    removeOnComplete: { age: 24 * 3600, count: 50_000 },
    removeOnFail: { age: 14 * 24 * 3600, count: 10_000 },
  };
}

/**
 * A job's lock lasts 20 s and is renewed every 10 s: only an event loop blocked for over 10 s loses it.
 * A killed worker's jobs lose theirs within 20 s; another worker's stalled check, every 5 s, then
 * returns them to the queue: they run again within about 25 seconds of the kill.
 */
export const WORKER_LOCK_DURATION_MS = 20_000;
export const WORKER_STALLED_INTERVAL_MS = 5_000;
