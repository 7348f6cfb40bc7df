import type { Job, Queue } from 'bullmq';

/** How many jobs a queue holds per state, and how long its oldest waiting job has waited. */
export interface QueueDepth {
  queue: string;
  /** Due and not started: the wait list (paused ones included). */
  waiting: number;
  /** Due and ordered by priority instead of by arrival. */
  prioritized: number;
  /** Parents waiting for their child jobs. */
  'waiting-children': number;
  active: number;
  delayed: number;
  failed: number;
  /** Seconds since the oldest waiting job became due; 0 when nothing waits. */
  oldestWaitingSeconds: number;
}

export const QUEUE_DEPTH_STATES = [
  'waiting',
  'prioritized',
  'waiting-children',
  'active',
  'delayed',
  'failed',
] as const;

/**
 * Reads one queue's depth through BullMQ's own `getJobCounts` (so every state it keeps is counted,
 * however it stores them) and the next job to start of the wait list and of the prioritized set.
 * A job became due at its `timestamp` plus its `delay` (non-zero for a job that was delayed before
 * it waited).
 */
export async function readQueueDepth(queue: Queue, now = Date.now()): Promise<QueueDepth> {
  const [counts, next] = await Promise.all([
    queue.getJobCounts(...QUEUE_DEPTH_STATES),
    // Ascending: the wait list's oldest, and the prioritized job that runs first.
    queue.getJobs(['waiting', 'prioritized'], 0, 0, true) as Promise<Array<Job | undefined>>,
  ]);
  const waited = next.map((job) => (job ? Math.max(0, (now - job.timestamp - (job.delay ?? 0)) / 1000) : 0));
  return {
    queue: queue.name,
    waiting: counts.waiting ?? 0,
    prioritized: counts.prioritized ?? 0,
    'waiting-children': counts['waiting-children'] ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    oldestWaitingSeconds: Math.max(0, ...waited),
  };
}
