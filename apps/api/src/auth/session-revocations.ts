import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, REDIS, RealtimePublisher, type AppConfig } from '@datebook/server';

/**
 * Access tokens are stateless, so a sign-out would leave them valid until they expire. A Redis mark
 * per ended session (kept exactly as long as a token can live) makes sign-out take effect at once,
 * on every replica; the sessions' open sockets are closed too.
 */
@Injectable()
export class SessionRevocations {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly realtime: RealtimePublisher,
  ) {}

  private key(sessionId: string): string {
    return `${this.config.redis.queuePrefix}:revoked-session:${sessionId}`;
  }

  async revoke(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) {
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) {
      pipeline.set(this.key(id), '1', 'EX', this.config.auth.accessTokenTtlSeconds);
    }
    await pipeline.exec();
    this.realtime.disconnectSessions(sessionIds);
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(sessionId))) === 1;
  }
}
