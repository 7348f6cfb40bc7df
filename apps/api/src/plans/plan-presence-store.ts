import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PlanFocus } from '@datebook/contracts';
import { APP_CONFIG, REDIS, type AppConfig } from '@datebook/server';

/** One open editor as stored: what the list shows of them, and when their replica last vouched for them. */
export interface PresenceEntry {
  userId: string;
  name: string;
  avatarKey: string | null;
  focus: PlanFocus | null;
  joinedAt: number;
  seenAt: number;
}

/** A stored entry with the key the list sends for its socket. */
export type KeyedPresenceEntry = PresenceEntry & { key: string };

/** The plan's entries once stale ones are dropped, and whether any were. */
export interface PresenceRead {
  entries: KeyedPresenceEntry[];
  pruned: boolean;
}

/**
 * The presence of every plan in Redis, shared by all api replicas: a hash per plan, one field per
 * socket id, its entry as JSON. A replica refreshes its own sockets' `seenAt` by heartbeat, so an
 * entry older than the TTL belongs to a socket whose replica died: readers drop it (and delete it).
 * The hash expires as a backstop once nobody writes to it. Clients never see socket ids, only a
 * short hash of one, so no member can address another's socket.
 */
@Injectable()
export class PlanPresenceStore {
  private readonly prefix: string;
  readonly ttlMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prefix = `${config.redis.queuePrefix}:plan-presence:`;
    this.ttlMs = config.plans.presenceTtlMs;
  }

  /** Sets these sockets' entries (the heartbeat writes many at once). */
  async put(planId: string, entries: ReadonlyMap<string, PresenceEntry>): Promise<void> {
    if (entries.size === 0) {
      return;
    }
    const key = this.key(planId);
    const fields = [...entries].flatMap(([socketId, entry]) => [socketId, JSON.stringify(entry)]);
    await this.redis
      .multi()
      .hset(key, ...fields)
      .pexpire(key, 2 * this.ttlMs)
      .exec();
  }

  /** Removes these sockets' entries; whether any existed. */
  async remove(planId: string, socketIds: readonly string[]): Promise<boolean> {
    return socketIds.length > 0 && (await this.redis.hdel(this.key(planId), ...socketIds)) > 0;
  }

  /** Removes every entry of one member (taken off the plan); whether any existed. */
  async removeUser(planId: string, userId: string): Promise<boolean> {
    const stored = await this.redis.hgetall(this.key(planId));
    const fields = Object.entries(stored)
      .filter(([, value]) => parseEntry(value)?.userId === userId)
      .map(([socketId]) => socketId);
    return this.remove(planId, fields);
  }

  /** The plan is gone. */
  async clear(planId: string): Promise<void> {
    await this.redis.del(this.key(planId));
  }

  /** The live entries, oldest join first; stale and unreadable ones are deleted on the way. */
  async read(planId: string, now = Date.now()): Promise<PresenceRead> {
    const stored = await this.redis.hgetall(this.key(planId));
    const entries: KeyedPresenceEntry[] = [];
    const stale: string[] = [];
    for (const [socketId, value] of Object.entries(stored)) {
      const entry = parseEntry(value);
      if (entry === undefined || now - entry.seenAt > this.ttlMs) {
        stale.push(socketId);
      } else {
        entries.push({ ...entry, key: presenceKey(socketId) });
      }
    }
    // Two readers may prune the same entry; only the one whose delete took it reports the change.
    const pruned = await this.remove(planId, stale);
    entries.sort((a, b) => a.joinedAt - b.joinedAt || (a.key < b.key ? -1 : 1));
    return { entries, pruned };
  }

  private key(planId: string): string {
    return `${this.prefix}${planId}`;
  }
}

/** What clients know a socket by: stable for the socket, and no use for addressing it. */
export function presenceKey(socketId: string): string {
  return createHash('sha256').update(socketId).digest('base64url').slice(0, 12);
}

function parseEntry(value: string): PresenceEntry | undefined {
  try {
    const entry = JSON.parse(value) as Partial<PresenceEntry> | null;
    return typeof entry?.userId === 'string' && typeof entry.seenAt === 'number'
      ? (entry as PresenceEntry)
      : undefined;
  } catch {
    return undefined;
  }
}
