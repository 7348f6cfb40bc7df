import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { OutboxRepository } from '@datebook/db';
import {
  APP_CONFIG,
  checkReadiness,
  JobQueues,
  Metrics,
  ObjectStorage,
  postgresProbe,
  readQueueDepth,
  REDIS,
  type AppConfig,
} from '@datebook/server';

/**
 * The worker serves no product HTTP: only its own probes and metrics, on WORKER_HTTP_PORT. Its
 * metrics add the queues' depth and the outbox's lag, read at each scrape.
 */
@Injectable()
export class WorkerHttpService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server: FastifyInstance = Fastify({ logger: false });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly queues: JobQueues,
    private readonly metrics: Metrics,
    private readonly outbox: OutboxRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The backlog is read where it is drained: every worker reports the same numbers, which the
    // dashboard and the alerts take the maximum of.
    this.metrics.watchQueues(() => Promise.all(this.queues.all().map((queue) => readQueueDepth(queue))));
    this.metrics.watchOutbox(async () => {
      const lag = await this.outbox.lag();
      return { pending: lag.pending, oldestPendingSeconds: lag.oldest_seconds };
    });
    this.server.get('/health/live', () => ({ status: 'ok' }));
    this.server.get('/health/ready', async (_request, reply) => {
      const result = await checkReadiness({
        postgres: postgresProbe(this.dataSource),
        redis: () => this.redis.ping(),
        s3: () => this.storage.ping(),
        queues: () => this.queues.ping(),
      });
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    });
    this.server.get('/metrics', async (_request, reply) => {
      const { contentType, body } = await this.metrics.render();
      return reply.type(contentType).send(body);
    });
    await this.server.listen({ host: this.config.http.workerHost, port: this.config.http.workerPort });
  }

  /** Where the probes listen, as host:port (WORKER_HTTP_HOST, WORKER_HTTP_PORT). */
  listeningOn(): string[] {
    return this.server
      .addresses()
      .map((info) => (typeof info === 'string' ? info : `${info.address}:${info.port}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server.close();
  }
}
