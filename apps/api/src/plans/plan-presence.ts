import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  PLAN_PRESENCE,
  planRoom,
  type PlanFocus,
  type PlanPresenceSet,
  type PlanPresenceState,
} from '@datebook/contracts';
import { PlanPeopleRepository } from '@datebook/db';
import { personName } from '@datebook/domain';
import { APP_CONFIG, LOGGER, ObjectStorage, pushEvent, type AppConfig } from '@datebook/server';
import { DrainState } from '../lifecycle/drain-state';
import { RealtimeGateway, type RealtimeServer, type RealtimeSocket } from '../realtime/realtime.gateway';
import { PlanPresenceStore, type PresenceEntry } from './plan-presence-store';

/** What this replica knows of one of its sockets in one plan's room. */
interface LocalPresence {
  hidden: boolean;
  focus: PlanFocus | null;
  joinedAt: number;
  /** When its entry was last written for `presence.set`: writes are spaced by the focus throttle. */
  flushedAt: number;
  flush?: ReturnType<typeof setTimeout>;
}

interface Person {
  name: string;
  avatarKey: string | null;
}

interface TrackedSocket {
  socket: RealtimeSocket;
  /** Looked up with the socket's first join, and kept: a socket is one member. */
  person?: Person;
  plans: Map<string, LocalPresence>;
}

/**
 * Who has a plan open (design: Presence). Each replica tracks its own sockets' entries (joined,
 * focus, hidden) and writes them to the shared store, refreshing them by heartbeat; after every
 * change the plan's whole list goes to its room through the adapter, so every replica's sockets
 * get it. Only a socket in the plan's room (a member who joined) has an entry; shared-link viewers
 * never join rooms, so they are never tracked. While the api shuts down nothing is removed: the
 * entries lapse by TTL, and a restarting client joins again on another replica meanwhile.
 */
@Injectable()
export class PlanPresence implements OnModuleInit, OnModuleDestroy {
  private readonly sockets = new Map<string, TrackedSocket>();
  /** Plans whose room is due the list, with the timer that sends it. */
  private readonly dueLists = new Map<string, ReturnType<typeof setTimeout>>();
  private heartbeat?: ReturnType<typeof setInterval>;
  private closing = false;

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly store: PlanPresenceStore,
    private readonly plans: PlanPeopleRepository,
    private readonly storage: ObjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly drain: DrainState,
  ) {}

  private get server(): RealtimeServer {
    return this.gateway.server;
  }

  onModuleInit(): void {
    this.heartbeat = setInterval(() => void this.guard(this.beat()), this.config.plans.presenceHeartbeatMs);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.dueLists.forEach((timer) => clearTimeout(timer));
    for (const tracked of this.sockets.values()) {
      tracked.plans.forEach((local) => clearTimeout(local.flush));
    }
  }

  /** After a successful `plan.join`: listed unless hidden; the joiner gets the list either way. */
  joined(socket: RealtimeSocket, planId: string, hidden: boolean): Promise<void> {
    if (!socket.connected) {
      return Promise.resolve();
    }
    const tracked = this.track(socket);
    const previous = tracked.plans.get(planId);
    clearTimeout(previous?.flush);
    tracked.plans.set(planId, {
      hidden,
      focus: null,
      joinedAt: previous?.joinedAt ?? Date.now(),
      flushedAt: 0,
    });
    return this.guard(
      (async () => {
        const changed = await this.write(tracked, planId);
        if (changed) {
          await this.tellRoom(planId);
        } else {
          pushEvent(socket, 'presence.state', await this.state(planId));
        }
      })(),
    );
  }

  /** `presence.set`, from a socket in the plan's room only; written at most once per throttle window. */
  set(socket: RealtimeSocket, update: PlanPresenceSet): void {
    const local = this.sockets.get(socket.id)?.plans.get(update.planId);
    if (!local || !socket.rooms.has(planRoom(update.planId))) {
      return;
    }
    local.focus = update.focus;
    local.hidden = update.hidden ?? local.hidden;
    if (local.flush !== undefined) {
      return;
    }
    const wait = local.flushedAt + PLAN_PRESENCE.focusThrottleMs - Date.now();
    local.flush = setTimeout(() => void this.guard(this.flush(socket.id, update.planId)), Math.max(wait, 0));
  }

  /** `plan.leave`. */
  left(socket: RealtimeSocket, planId: string): Promise<void> {
    const tracked = this.sockets.get(socket.id);
    clearTimeout(tracked?.plans.get(planId)?.flush);
    tracked?.plans.delete(planId);
    return this.guard(this.removeSockets(planId, [socket.id]));
  }

  /** A closed socket leaves every plan it had open. */
  disconnected(socket: RealtimeSocket): Promise<void> {
    const tracked = this.sockets.get(socket.id);
    this.sockets.delete(socket.id);
    // A draining api tells its sockets to reconnect elsewhere: their members have not left.
    if (!tracked || this.closing || this.drain.draining) {
      tracked?.plans.forEach((local) => clearTimeout(local.flush));
      return Promise.resolve();
    }
    const planIds = [...tracked.plans.keys()];
    tracked.plans.forEach((local) => clearTimeout(local.flush));
    return this.guard(Promise.all(planIds.map((planId) => this.removeSockets(planId, [socket.id]))));
  }

  /** A collaborator taken off the plan: their entries go, wherever their sockets are. */
  removed(planId: string, userId: string): Promise<void> {
    return this.guard(
      (async () => {
        if (await this.store.removeUser(planId, userId)) {
          await this.tellRoom(planId);
        }
      })(),
    );
  }

  /** The plan was deleted. */
  deleted(planId: string): Promise<void> {
    return this.guard(this.store.clear(planId));
  }

  private track(socket: RealtimeSocket): TrackedSocket {
    let tracked = this.sockets.get(socket.id);
    if (!tracked) {
      tracked = { socket, plans: new Map() };
      this.sockets.set(socket.id, tracked);
    }
    return tracked;
  }

  private async personOf(tracked: TrackedSocket): Promise<Person> {
    if (!tracked.person) {
      const [row] = await this.plans.people([tracked.socket.data.viewer.sub]);
      tracked.person = {
        name: personName({ displayName: row?.display_name ?? null, username: row?.username ?? null }),
        avatarKey: row?.avatar_key ?? null,
      };
    }
    return tracked.person;
  }

  /**
   * Writes (or, hidden or out of the room, removes) the socket's entry as this replica knows it;
   * whether the list changed. A socket taken out of the room (its member removed) while a focus
   * write was due must not be listed again.
   */
  private async write(tracked: TrackedSocket, planId: string): Promise<boolean> {
    const local = tracked.plans.get(planId);
    const socketId = tracked.socket.id;
    if (!local || local.hidden || !tracked.socket.rooms.has(planRoom(planId))) {
      return this.store.remove(planId, [socketId]);
    }
    const entry = this.entryOf(tracked, local, await this.personOf(tracked));
    await this.store.put(planId, new Map([[socketId, entry]]));
    if (!tracked.socket.connected || tracked.plans.get(planId) !== local) {
      // Closed or left while the entry was written: take it back.
      await this.store.remove(planId, [socketId]);
    }
    return true;
  }

  private async flush(socketId: string, planId: string): Promise<void> {
    const tracked = this.sockets.get(socketId);
    const local = tracked?.plans.get(planId);
    if (!tracked || !local) {
      return;
    }
    local.flush = undefined;
    local.flushedAt = Date.now();
    if (await this.write(tracked, planId)) {
      await this.tellRoom(planId);
    }
  }

  private async removeSockets(planId: string, socketIds: string[]): Promise<void> {
    if (await this.store.remove(planId, socketIds)) {
      await this.tellRoom(planId);
    }
  }

  /**
   * Refreshes this replica's entries, forgets sockets no longer in a room (taken out on removal or
   * deletion, perhaps by another replica), and prunes what dead replicas left in its plans.
   */
  private async beat(): Promise<void> {
    const fresh = new Map<string, Map<string, PresenceEntry>>();
    const gone = new Map<string, string[]>();
    for (const tracked of this.sockets.values()) {
      const person = tracked.person;
      for (const [planId, local] of tracked.plans) {
        if (!tracked.socket.connected || !tracked.socket.rooms.has(planRoom(planId))) {
          clearTimeout(local.flush);
          tracked.plans.delete(planId);
          gone.set(planId, [...(gone.get(planId) ?? []), tracked.socket.id]);
          continue;
        }
        const entries = fresh.get(planId) ?? new Map<string, PresenceEntry>();
        fresh.set(planId, entries);
        if (!local.hidden && person) {
          entries.set(tracked.socket.id, this.entryOf(tracked, local, person));
        }
      }
    }
    for (const [planId, socketIds] of gone) {
      await this.removeSockets(planId, socketIds);
    }
    for (const [planId, entries] of fresh) {
      await this.store.put(planId, entries);
      if ((await this.store.read(planId)).pruned) {
        await this.tellRoom(planId);
      }
    }
  }

  private entryOf(tracked: TrackedSocket, local: LocalPresence, person: Person): PresenceEntry {
    return {
      userId: tracked.socket.data.viewer.sub,
      name: person.name,
      avatarKey: person.avatarKey,
      focus: local.focus,
      joinedAt: local.joinedAt,
      seenAt: Date.now(),
    };
  }

  private async state(planId: string): Promise<PlanPresenceState> {
    const { entries } = await this.store.read(planId);
    return {
      planId,
      members: entries.map((entry) => ({
        key: entry.key,
        userId: entry.userId,
        name: entry.name,
        avatarUrl: this.storage.readUrl(entry.avatarKey),
        focus: entry.focus,
      })),
    };
  }

  /**
   * The room hears the whole list at most once per focus-throttle window from this replica: the
   * changes of one window (a reconnect storm is hundreds of joins) go out as one list, read when it
   * is sent, rather than a list per change to every socket of the room.
   */
  private tellRoom(planId: string): Promise<void> {
    if (!this.dueLists.has(planId) && !this.closing) {
      const send = async () => {
        this.dueLists.delete(planId);
        pushEvent(this.server.to(planRoom(planId)), 'presence.state', await this.state(planId));
      };
      this.dueLists.set(
        planId,
        setTimeout(() => void this.guard(send()), PLAN_PRESENCE.focusThrottleMs),
      );
    }
    return Promise.resolve();
  }

  /** Presence is best effort: a Redis hiccup is logged, never a failed message or a crash. */
  private async guard(work: Promise<unknown>): Promise<void> {
    try {
      await work;
    } catch (error) {
      if (!this.closing) {
        this.logger.warn({ err: error }, 'plan presence update failed');
      }
    }
  }
}
