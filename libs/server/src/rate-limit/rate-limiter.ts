import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in Redis, shared by every api replica. INCR and the first EXPIRE run in one
 * script so a crash between them cannot leave a key that never expires.
 */
const SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('TTL', KEYS[1]) }
`;

export class RateLimiter {
  private readonly sha = createHash('sha1').update(SCRIPT).digest('hex');

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(bucket: string, subject: string, rule: RateLimitRule): Promise<RateLimitVerdict> {
    const key = `${this.prefix}:ratelimit:${bucket}:${subject}`;
    // EVALSHA with a fallback to EVAL: the script body crosses the wire once, not on every request.
    const [count, ttl] = (await this.redis
      .evalsha(this.sha, 1, key, rule.windowSeconds)
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.startsWith('NOSCRIPT')) {
          return this.redis.eval(SCRIPT, 1, key, rule.windowSeconds);
        }
        throw error;
      })) as [number, number];
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: ttl > 0 ? ttl : rule.windowSeconds,
    };
  }
}
