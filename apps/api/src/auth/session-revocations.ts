import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, REDIS, type AppConfig } from '@datebook/server';

/**
 * Access tokens are stateless, so a sign-out would leave them valid until they expire. These Redis
 * marks (kept exactly as long as a token can live) make sign-out take effect at once, on every
 * replica: one session (`local`) or every session issued before a moment (`global`).
 */
@Injectable()
export class SessionRevocations {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(kind: 'sid' | 'user', id: string): string {
    return `${this.config.redis.queuePrefix}:revoked:${kind}:${id}`;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.redis.set(this.key('sid', sessionId), '1', 'EX', this.config.auth.accessTokenTtlSeconds);
  }

  /** Every token of the user issued up to now stops working. */
  async revokeUser(userId: string): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    await this.redis.set(this.key('user', userId), String(now), 'EX', this.config.auth.accessTokenTtlSeconds);
  }

  async isRevoked(sessionId: string, userId: string, issuedAt: number): Promise<boolean> {
    const [session, userCutoff] = await this.redis.mget(this.key('sid', sessionId), this.key('user', userId));
    return session !== null || (userCutoff !== null && issuedAt <= Number(userCutoff));
  }
}
