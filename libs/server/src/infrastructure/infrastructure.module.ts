import { Global, Module, type DynamicModule, type OnApplicationShutdown, Inject } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { createDataSource } from '@datebook/db';
import { ConfigModule, type AppConfig } from '../config';
import { createLogger } from '../logging';
import { Mailer } from '../mail';
import { Metrics } from '../metrics';
import { JobQueues } from '../queue';
import { RateLimiter } from '../rate-limit';
import { RealtimePublisher } from '../realtime';
import { createRedis } from '../redis';
import { ObjectStorage } from '../storage';
import { LOGGER, REDIS } from './tokens';

class InfrastructureShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(JobQueues) private readonly queues: JobQueues,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queues.close();
    await this.redis.quit();
    this.storage.close();
    this.mailer.close();
    if (this.dataSource.isInitialized) {
      await this.dataSource.destroy();
    }
  }
}

/**
 * The adapters to the outside world, built once per process from the config. Services inject only
 * the adapters they use. Repositories are not among them: each feature module provides the ones it
 * uses on this data source (`repositories(…)`).
 */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, service: 'api' | 'worker'): DynamicModule {
    return {
      module: InfrastructureModule,
      imports: [ConfigModule.forRoot(config)],
      providers: [
        { provide: LOGGER, useValue: createLogger(config, service) },
        { provide: Metrics, useValue: new Metrics(service) },
        {
          provide: DataSource,
          useFactory: async (logger: Logger, metrics: Metrics): Promise<DataSource> => {
            const dataSource = createDataSource({
              url: config.db.url,
              poolSize: config.db.poolSize,
              applicationName: `datebook-${service}`,
              onRetry: ({ kind, outcome, attempt, error }) => {
                metrics.databaseRetries.labels(kind, outcome).inc();
                logger.warn({ err: error, kind, outcome, attempt }, 'database connection lost');
              },
            });
            return dataSource.initialize();
          },
          inject: [LOGGER, Metrics],
        },
        { provide: REDIS, useFactory: (): Redis => createRedis(config, 'command') },
        {
          provide: JobQueues,
          useFactory: (logger: Logger): JobQueues =>
            new JobQueues(config, (error, queue) =>
              logger.warn({ err: error, queue }, 'job queue connection error'),
            ),
          inject: [LOGGER],
        },
        { provide: ObjectStorage, useFactory: (): ObjectStorage => new ObjectStorage(config) },
        { provide: Mailer, useFactory: (): Mailer => new Mailer(config) },
        {
          provide: RateLimiter,
          useFactory: (redis: Redis): RateLimiter => new RateLimiter(redis, config.redis.queuePrefix),
          inject: [REDIS],
        },
        {
          provide: RealtimePublisher,
          useFactory: (redis: Redis, logger: Logger): RealtimePublisher =>
            new RealtimePublisher(redis, config.redis.queuePrefix, logger),
          inject: [REDIS, LOGGER],
        },
        InfrastructureShutdown,
      ],
      exports: [
        ConfigModule,
        LOGGER,
        Metrics,
        DataSource,
        REDIS,
        JobQueues,
        ObjectStorage,
        Mailer,
        RateLimiter,
        RealtimePublisher,
      ],
    };
  }
}
