import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { checkReadiness, JobQueues, Metrics, ObjectStorage, postgresProbe, REDIS } from '@datebook/server';
import { Public } from '../auth/auth.decorators';
import { DrainState } from '../lifecycle/drain-state';

/** Probes for orchestrators; outside the /api prefix like every platform does. */
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: ObjectStorage,
    private readonly queues: JobQueues,
    private readonly metrics: Metrics,
    private readonly drain: DrainState,
  ) {}

  @Public()
  @Get('health/live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Public()
  @Get('health/ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const result = await checkReadiness({
      postgres: postgresProbe(this.dataSource),
      redis: () => this.redis.ping(),
      s3: () => this.storage.ping(),
      queues: () => this.queues.ping(),
      // Only while shutting down, where it fails: load balancers stop routing here, nothing else changes.
      ...(this.drain.draining ? { draining: this.drain.probe } : {}),
    });
    await reply.status(result.status === 'ok' ? 200 : 503).send(result);
  }

  @Public()
  @Get('metrics')
  async metricsText(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await this.metrics.render();
    await reply.type(contentType).send(body);
  }
}
