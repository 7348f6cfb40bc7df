import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { jobs, QUEUES, type JobName, type QueueName } from '@datebook/contracts';
import {
  APP_CONFIG,
  createRedis,
  LOGGER,
  Metrics,
  WORKER_LOCK_DURATION_MS,
  WORKER_STALLED_INTERVAL_MS,
  type AppConfig,
} from '@datebook/server';
import { buildHandlerRegistry } from './handler-registry';
import { JOB_HANDLERS, type JobHandler, type JobResult } from './job-handler';
import { JobOutcomes } from './job-outcomes';

/** Queues differ in resource profile: media is CPU-bound, mail waits on the network. */
const CONCURRENCY: Record<QueueName, number> = {
  mail: 5,
  media: 2,
  'search-index': 4,
  housekeeping: 1,
  feed: 1,
};

/** Runs one BullMQ worker per queue that has jobs, dispatching each job to its handler. */
@Injectable()
export class QueueWorkersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registry: Map<JobName, JobHandler>;
  private readonly outcomes: JobOutcomes;
  private readonly workers: Array<{ worker: Worker; connection: Redis }> = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
    metrics: Metrics,
  ) {
    this.registry = buildHandlerRegistry(handlers);
    this.outcomes = new JobOutcomes(metrics, logger);
  }

  onApplicationBootstrap(): void {
    // BullMQ stores the name on each job it runs (`processedBy`): operators, and the fault tests, can
    // tell which replica ran a job, or holds it while stalled.
    const workerName = `${hostname()}:${process.pid}`;
    const used = new Set<QueueName>(Object.values(jobs).map((definition) => definition.queue));
    for (const queue of QUEUES.filter((name) => used.has(name))) {
      const connection = createRedis(this.config, 'blocking');
      const worker = new Worker(queue, (job: Job) => this.process(queue, job), {
        connection,
        name: workerName,
        prefix: this.config.redis.queuePrefix,
        concurrency: CONCURRENCY[queue],
        lockDuration: WORKER_LOCK_DURATION_MS,
        stalledInterval: WORKER_STALLED_INTERVAL_MS,
      });
      worker.on('completed', (job, result: JobResult) => this.outcomes.completed(queue, job, result));
      worker.on('failed', (job, error) => this.outcomes.failed(queue, job, error));
      worker.on('error', (error) => this.logger.error({ err: error, queue }, 'queue worker error'));
      this.workers.push({ worker, connection });
    }
  }

  /** BullMQ keeps the result as the job's return value and hands it to the `completed` listener. */
  private async process(queue: QueueName, job: Job): Promise<JobResult> {
    const name = job.name as JobName;
    const handler = this.registry.get(name);
    if (!handler || jobs[name].queue !== queue) {
      throw new Error(`No handler for job "${job.name}" on queue "${queue}"`);
    }
    const { correlationId, ...data } = job.data as Record<string, unknown> & { correlationId?: string };
    const payload = jobs[name].payload.parse(data);
    return handler.handle(payload, { jobId: job.id ?? '', attempt: job.attemptsMade + 1, correlationId });
  }

  /** Lets running jobs finish; jobs not yet started stay in their queues for the next worker. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      this.workers.map(async ({ worker, connection }) => {
        await worker.close();
        await connection.quit();
      }),
    );
  }
}
