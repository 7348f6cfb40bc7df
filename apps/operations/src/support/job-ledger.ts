import type { Job } from 'bullmq';
import type { QueueName } from '@datebook/contracts';
import { JobQueues, type AppConfig } from '@datebook/server';

/** The name a worker process gives its BullMQ workers, which BullMQ stores on each job it runs. */
export const workerName = (hostname: string, pid: number): string => `${hostname}:${pid}`;

/** A job as the fault tests judge it: who ran it, how often, and how it ended. */
export interface JobRecord {
  id: string;
  name: string;
  data: Record<string, unknown>;
  processedBy: string | undefined;
  attemptsStarted: number;
  stalledCounter: number;
  processedOn: number | undefined;
  finishedOn: number | undefined;
  outcome: string | undefined;
}

/** Unfinished states: a settled queue has none of these. */
const UNFINISHED = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * Reads the test file's queues (its own QUEUE_PREFIX) straight from Redis: which replica ran each
 * job (`processedBy`), how many times it started, and whether anything is still unfinished.
 */
export class JobLedger {
  private readonly queues: JobQueues;

  constructor(config: AppConfig) {
    this.queues = new JobQueues(config);
    // While a test has Redis down the reads fail and are retried by the test; the queues' own
    // connection errors would only repeat that on the console.
    for (const queue of this.queues.all()) {
      queue.on('error', () => undefined);
    }
  }

  async jobs(queue: QueueName, states: Array<'active' | 'completed' | 'failed'>): Promise<JobRecord[]> {
    const jobs = await this.queues.queue(queue).getJobs(states);
    return jobs.filter((job): job is Job => Boolean(job)).map(record);
  }

  /** How many jobs of each queue are not finished yet. */
  async unfinished(queues: QueueName[]): Promise<number> {
    const counts = await Promise.all(
      queues.map((queue) => this.queues.queue(queue).getJobCounts(...UNFINISHED)),
    );
    return counts.reduce((sum, count) => sum + Object.values(count).reduce((a, b) => a + b, 0), 0);
  }

  async failedCount(queues: QueueName[]): Promise<number> {
    const counts = await Promise.all(queues.map((queue) => this.queues.queue(queue).getFailedCount()));
    return counts.reduce((a, b) => a + b, 0);
  }

  close(): Promise<void> {
    return this.queues.close();
  }
}

function record(job: Job): JobRecord {
  return {
    id: job.id ?? '',
    name: job.name,
    data: job.data as Record<string, unknown>,
    processedBy: job.processedBy,
    attemptsStarted: job.attemptsStarted,
    stalledCounter: job.stalledCounter,
    processedOn: job.processedOn,
    finishedOn: job.finishedOn,
    outcome: (job.returnvalue as { outcome?: string } | null)?.outcome,
  };
}

/** Jobs counted per replica that ran them, e.g. `{ 'host:123': 14, 'host:456': 16 }`. */
export function byWorker(jobs: JobRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const job of jobs) {
    const key = job.processedBy ?? 'unknown';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
