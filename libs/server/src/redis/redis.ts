import { Redis, type RedisOptions } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * A new ioredis connection. BullMQ workers block on Redis, so they need `maxRetriesPerRequest: null`;
 * request-path connections fail fast instead.
 */
export function createRedis(config: Pick<AppConfig, 'redis'>, purpose: 'command' | 'blocking'): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: purpose === 'blocking' ? null : 2,
    enableReadyCheck: true,
    lazyConnect: false,
  };
  return new Redis(config.redis.url, options);
}
