import type { Redis } from 'ioredis';

/**
 * How an account's failed attempts slow down the next ones. Waiting never becomes a lockout: each
 * wait is bounded by `maxDelaySeconds`, and the failures are forgotten `windowSeconds` after the last
 * wait ends, so the account's owner always gets through again.
 */
export interface BackoffPolicy {
  /** The failure within the window that starts the first wait. */
  waitFromFailure: number;
  windowSeconds: number;
  /** The first wait; every further failure doubles it, up to `maxDelaySeconds`. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

/**
 * Counts a failure and, from the `waitFromFailure`th on, starts a wait. The count outlives the wait (by a window),
 * so the failure right after a wait doubles it rather than starting over.
 */
const RECORD_FAILURE = `
local failures = redis.call('INCR', KEYS[1])
local window = tonumber(ARGV[1])
if failures == 1 then redis.call('EXPIRE', KEYS[1], window) end
local over = failures - tonumber(ARGV[2])
if over < 0 then return 0 end
local delay = math.floor(math.min(tonumber(ARGV[3]) * 2 ^ over, tonumber(ARGV[4])))
redis.call('SET', KEYS[2], '1', 'EX', delay)
redis.call('EXPIRE', KEYS[1], delay + window)
return delay
`;

/**
 * Back-off per account (or per factor, per address…), shared by every api replica through Redis; the
 * per-address limits of `RateLimiter` stay in front of it. While a wait runs, attempts are refused
 * without being checked, so a right password during the wait answers exactly as a wrong one.
 */
export class AttemptBackoff {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keys(bucket: string, subject: string): [failures: string, wait: string] {
    const base = `${this.prefix}:backoff:${bucket}:${subject}`;
    return [`${base}:failures`, `${base}:wait`];
  }

  /** Seconds until `subject` may try again; 0 when it may now. */
  async waitSeconds(bucket: string, subject: string): Promise<number> {
    const ttl = await this.redis.ttl(this.keys(bucket, subject)[1]);
    return ttl > 0 ? ttl : 0;
  }

  /** Counts a failed attempt; gives the wait it started, 0 when it started none. */
  async recordFailure(bucket: string, subject: string, policy: BackoffPolicy): Promise<number> {
    const delay = await this.redis.eval(
      RECORD_FAILURE,
      2,
      ...this.keys(bucket, subject),
      policy.windowSeconds,
      policy.waitFromFailure,
      policy.baseDelaySeconds,
      policy.maxDelaySeconds,
    );
    return Number(delay);
  }

  /** A success forgets the failures before it. */
  async clear(bucket: string, subject: string): Promise<void> {
    await this.redis.del(...this.keys(bucket, subject));
  }
}
