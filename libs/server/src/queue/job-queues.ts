import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobs, QUEUES, type JobName, type JobPayload, type QueueName } from '@datebook/contracts';
import type { AppConfig } from '../config';
import { createRedis } from '../redis';
import { defaultJobOptions } from './job-options';

export interface EnqueueOptions extends Pick<JobsOptions, 'jobId' | 'delay' | 'priority'> {
  correlationId?: string;
}

/** A job to add; the payload is checked against the job's schema when it is added. */
export interface JobEntry {
  name: JobName;
  payload: unknown;
  options?: EnqueueOptions;
}

/** The one producer: `enqueue(name, payload)` is checked against the job registry in contracts. */
export class JobQueues {
  private readonly connection: Redis;
  private readonly queues: Map<QueueName, Queue>;

  /**
   * `onError` hears the queues' connection errors (Redis away, refused): BullMQ prints an error
   * event no one listens to on the console, outside the app's structured logs.
   */
  constructor(
    private readonly config: Pick<AppConfig, 'redis' | 'jobs'>,
    onError: (error: Error, queue: QueueName) => void = () => undefined,
  ) {
    this.connection = createRedis(config, 'command');
    this.queues = new Map(
      QUEUES.map((name) => {
        const queue = new Queue(name, {
          connection: this.connection,
          prefix: config.redis.queuePrefix,
          defaultJobOptions: defaultJobOptions(config),
        });
        queue.on('error', (error) => onError(error, name));
        return [name, queue];
      }),
    );
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const definition = jobs[name];
    const data = definition.payload.parse(payload);
    const { correlationId, ...jobOptions } = options;
    const job = await this.queue(definition.queue).add(name, { ...data, correlationId }, jobOptions);
    return job.id ?? '';
  }

  /** Adds many jobs with one round trip per queue (the outbox relay dispatches whole batches). */
  async enqueueMany(entries: JobEntry[]): Promise<void> {
    const byQueue = new Map<QueueName, Parameters<Queue['addBulk']>[0]>();
    for (const { name, payload, options = {} } of entries) {
      const definition = jobs[name];
      const { correlationId, ...jobOptions } = options;
      const data = definition.payload.parse(payload) as Record<string, unknown>;
      const bulk = byQueue.get(definition.queue) ?? [];
      bulk.push({ name, data: { ...data, correlationId }, opts: jobOptions });
      byQueue.set(definition.queue, bulk);
    }
    await Promise.all([...byQueue].map(([queue, bulk]) => this.queue(queue).addBulk(bulk)));
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) {
      throw new Error(`Unknown queue ${name}`);
    }
    return queue;
  }

  all(): Queue[] {
    return [...this.queues.values()];
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** Whether Redis answers a PING within `timeoutMs` (a connection that is down queues it). */
  async answers(timeoutMs = 1_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([this.ping().then(() => true as const), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Calls `listener` each time the queues' connection is ready again (after a loss, too). */
  onReady(listener: () => void): () => void {
    this.connection.on('ready', listener);
    return () => this.connection.off('ready', listener);
  }

  async close(): Promise<void> {
    await Promise.all(this.all().map((queue) => queue.close()));
    await this.connection.quit();
  }
}
