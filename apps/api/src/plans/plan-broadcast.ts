import { Injectable } from '@nestjs/common';
import { planRoom, userRoom, type PlanEvent } from '@datebook/contracts';
import type { PlanState } from '@datebook/domain';
import { pushEvent } from '@datebook/server';
import { RealtimeGateway, type RealtimeServer } from '../realtime/realtime.gateway';
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
  ) {}

  private get server(): RealtimeServer {
    return this.gateway.server;
  }

  /** After the commit of one applied operation; `before` is the plan as the op found it. */
  applied(planId: string, event: PlanEvent, before: PlanState, publishedDateId: string | null): void {
    const room = planRoom(planId);
    pushEvent(this.server.to(room), 'plan.event', event);
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
          this.listsChanged(members);
          break;
        case 'delete':
          this.listsChanged(members);
          this.server.in(room).socketsLeave(room);
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

  /** Their plan lists changed (invited, removed, a plan's status): open lists refetch. */
  listsChanged(userIds: readonly string[]): void {
    if (userIds.length > 0) {
      pushEvent(this.server.to(userIds.map(userRoom)), 'plans.changed', {});
    }
  }

  /** A removed collaborator: every socket of theirs leaves the room, and open editors are told. */
  private revoke(planId: string, userId: string): void {
    this.server.in(userRoom(userId)).socketsLeave(planRoom(planId));
    pushEvent(this.server.to(userRoom(userId)), 'plan.access', { planId, revoked: true });
    this.listsChanged([userId]);
  }
}
