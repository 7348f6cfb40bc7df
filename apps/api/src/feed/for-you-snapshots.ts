import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { FeedKey } from '@datebook/db';
import { APP_CONFIG, REDIS, type AppConfig } from '@datebook/server';

/** How long a member can keep scrolling one For You order before the cursor asks for a reload. */
export const FOR_YOU_SNAPSHOT_TTL_SECONDS = 60 * 60;
const KIND_LETTERS = { activity: 'a', date: 'd' } as const;

/**
 * The For You order a first page ranked, kept in Redis for the next pages: a list of post keys
 * under the member's id and a random snapshot id. Later pages are slices of it, so new posts and
 * refreshed scores never shift them (no duplicates, no gaps); a pull to refresh ranks anew.
 */
@Injectable()
export class ForYouSnapshots {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(memberId: string, snapshotId: string): string {
    return `${this.config.redis.queuePrefix}:for-you:${memberId}:${snapshotId}`;
  }

  /** Stores the order and answers its id. */
  async save(memberId: string, keys: readonly FeedKey[]): Promise<string> {
    const snapshotId = randomBytes(12).toString('base64url');
    const key = this.key(memberId, snapshotId);
    await this.redis
      .multi()
      .rpush(key, ...keys.map((item) => `${KIND_LETTERS[item.kind]}${item.id}`))
      .expire(key, FOR_YOU_SNAPSHOT_TTL_SECONDS)
      .exec();
    return snapshotId;
  }

  /** `count` keys from `offset`, and whether more follow; null when the snapshot is gone. */
  async slice(
    memberId: string,
    snapshotId: string,
    offset: number,
    count: number,
  ): Promise<{ keys: FeedKey[]; more: boolean } | null> {
    const key = this.key(memberId, snapshotId);
    const [[, items], [, length]] = (await this.redis
      .multi()
      .lrange(key, offset, offset + count - 1)
      .llen(key)
      .exec()) as [[null, string[]], [null, number]];
    if (length === 0) {
      return null;
    }
    return {
      keys: items.map((item) => ({ kind: item.startsWith('a') ? 'activity' : 'date', id: item.slice(1) })),
      more: offset + count < length,
    };
  }
}
