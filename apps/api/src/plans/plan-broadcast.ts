import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { planMemberRoom, planRoom, userRoom, type PlanEvent } from '@datebook/contracts';
import type { PlanState } from '@datebook/domain';
import { LOGGER, pushEvent } from '@datebook/server';
import { RealtimeGateway, type RealtimeServer } from '../realtime/realtime.gateway';
import { PlanEventRefs, storedPlanEvent, type RoomProjection } from './plan-event-refs';
import { PlanPresence } from './plan-presence';

/**
 * Tells the rooms what a committed operation did. Everything goes through the Redis adapter, so
 * sockets on every api replica hear it, and a removed collaborator's sockets leave the plan's room
 * wherever they are connected. Correctness never hangs on these packets: a member who misses one
 * sees a version gap and catches up from PostgreSQL.
 */
@Injectable()
export class PlanBroadcast {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly presence: PlanPresence,
    private readonly refs: PlanEventRefs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get server(): RealtimeServer {
    return this.gateway.server;
  }

  /**
   * After the commit of one applied operation; `before` is the plan as the op found it, `event` as
   * its actor sees it. Each socket in the room hears the event projected for its member, except the
   * socket that sent it: its ack carries the event (one delivery per edit per socket); the sender's
   * other sockets are other sockets and hear it from the room.
   */
  async applied(
    planId: string,
    event: PlanEvent,
    before: PlanState,
    { publishedDateId, senderSocketId }: { publishedDateId: string | null; senderSocketId?: string },
  ): Promise<void> {
    const room = planRoom(planId);
    this.pushProjected(planId, await this.projected(planId, event), senderSocketId);
    const members = [before.ownerId, ...before.collaboratorIds];
    for (const change of event.changes) {
      switch (change.kind) {
        case 'addCollaborators':
          this.listsChanged(change.userIds);
          break;
        case 'removeCollaborator':
          this.revoke(planId, change.userId);
          void this.presence.removed(planId, change.userId);
          break;
        case 'status':
          this.listsChanged(members, senderSocketId);
          break;
        case 'delete':
          this.listsChanged(members, senderSocketId);
          this.server.in(room).socketsLeave([room, ...members.map((id) => planMemberRoom(planId, id))]);
          void this.presence.deleted(planId);
          break;
        case 'plan':
        case 'addEntry':
        case 'updateEntry':
        case 'removeEntry':
          break;
      }
    }
    if (publishedDateId !== null) {
      pushEvent(this.server.to(room), 'plan.published', { planId, dateId: publishedDateId });
    }
  }

  /**
   * The event for each member class, or, when the classes cannot be read, neutral rows for
   * everyone: a member who may see more heals with the next snapshot; nobody sees too much.
   */
  private async projected(planId: string, event: PlanEvent): Promise<RoomProjection> {
    try {
      return await this.refs.forRoom(planId, event);
    } catch (error) {
      this.logger.error({ err: error, planId }, 'plan event projection failed; sending neutral rows');
      return {
        others: { ...storedPlanEvent(event), ...(event.people ? { people: event.people } : {}) },
        classes: [],
      };
    }
  }

  /** One push to the room when everyone sees the same (nearly every event); else one per class. */
  private pushProjected(planId: string, { others, classes }: RoomProjection, senderSocketId?: string): void {
    // A socket is a room of its own id, so `except` reaches the sender on whichever replica it is.
    const skipped = senderSocketId === undefined ? [] : [senderSocketId];
    const room = this.server.to(planRoom(planId)).except(skipped);
    if (classes.length === 0) {
      pushEvent(room, 'plan.event', others);
      return;
    }
    const seers = classes.flatMap((group) => group.userIds).map((id) => planMemberRoom(planId, id));
    pushEvent(room.except(seers), 'plan.event', others);
    for (const group of classes) {
      const rooms = group.userIds.map((id) => planMemberRoom(planId, id));
      pushEvent(this.server.to(rooms).except(skipped), 'plan.event', group.event);
    }
  }

  /**
   * Their plan lists changed (invited, removed, a plan's status): open lists refetch. The socket
   * that sent the change is left out: its editor refreshes the lists from the change's ack.
   */
  listsChanged(userIds: readonly string[], senderSocketId?: string): void {
    if (userIds.length > 0) {
      const rooms = this.server.to(userIds.map(userRoom));
      pushEvent(senderSocketId === undefined ? rooms : rooms.except(senderSocketId), 'plans.changed', {});
    }
  }

  /** A removed collaborator: every socket of theirs leaves the room, and open editors are told. */
  private revoke(planId: string, userId: string): void {
    this.server.in(userRoom(userId)).socketsLeave([planRoom(planId), planMemberRoom(planId, userId)]);
    pushEvent(this.server.to(userRoom(userId)), 'plan.access', { planId, revoked: true });
    this.listsChanged([userId]);
  }
}
