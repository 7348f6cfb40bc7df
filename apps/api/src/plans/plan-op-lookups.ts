import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  messages,
  PLAN_CATCH_UP_EVENTS,
  type PlanOperation,
  type PlanOpRequest,
  type PlanPerson,
} from '@datebook/contracts';
import {
  PlanActivitiesRepository,
  PlanEventsRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
} from '@datebook/db';
import {
  normalizeInvitees,
  planOperationRegisters,
  type PlanOpFacts,
  type PlanState,
} from '@datebook/domain';
import { ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { toPlanPerson } from './plan-view';

/** Whose newer change of the same register an operation replaced. */
export type Overwrote = { actorId: string; name: string };

/**
 * What an operation's transaction reads besides the plan itself: the facts the rules need, and what
 * the answer tells (the people an invite added, whose change a register op replaced). Each runs in
 * the operation's transaction, under the plan's row lock.
 */
@Injectable()
export class PlanOpLookups {
  constructor(
    private readonly members: PlanMembersRepository,
    private readonly profiles: PlanPeopleRepository,
    private readonly activities: PlanActivitiesRepository,
    private readonly events: PlanEventsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /** What the rules need looked up: the activity a linked row names, the people an invite names. */
  async factsFor(
    tx: EntityManager,
    actor: Viewer,
    state: PlanState,
    op: PlanOperation,
  ): Promise<PlanOpFacts> {
    if (op.type === 'activity.add' && op.source.kind === 'linked') {
      const row = await this.activities.in(tx).activityForPlan(actor.sub, op.source.activityId);
      return row
        ? {
            activity: {
              id: row.id,
              visible: row.visible,
              title: row.title,
              location: row.location,
              imageUrl: this.storage.readUrl(row.cover_key),
              budget: row.budget,
            },
          }
        : {};
    }
    if (op.type === 'collaborator.invite') {
      const ids = normalizeInvitees(op.userIds, state);
      return { invitable: await this.profiles.in(tx).invitable(state.ownerId, ids) };
    }
    return {};
  }

  /** Whether `opId` is one of the actor's own changes of this plan, which an undo may name. */
  async ownChange(planId: string, actor: Viewer, opId: string): Promise<boolean> {
    const row = await this.events.findByOpId(planId, opId);
    return row?.actor_id === actor.sub;
  }

  /** The collaborators an invite added, named as the plan shows them. */
  async people(tx: EntityManager, planId: string, actor: Viewer, userIds: string[]): Promise<PlanPerson[]> {
    const row = await this.members.in(tx).document(planId, actor.sub);
    const wanted = new Set(userIds);
    return (row?.collaborators ?? [])
      .filter((person) => wanted.has(person.id))
      .map((person) => toPlanPerson(person, this.storage));
  }

  /**
   * A register op whose register holds a value someone else wrote after the sender's `baseVersion`
   * (the last version at which the sender saw it): that writer, so the sender can say "You replaced
   * Sam's change". When the register's newest value is the sender's own, they replace only that.
   */
  async overwritten(
    tx: EntityManager,
    state: PlanState,
    request: PlanOpRequest,
    actor: Viewer,
  ): Promise<Overwrote | undefined> {
    const registers = new Set(planOperationRegisters(request.op));
    if (registers.size === 0 || request.baseVersion >= state.version) {
      return undefined;
    }
    const page = await this.events.in(tx).since(state.id, String(request.baseVersion), PLAN_CATCH_UP_EVENTS);
    const othersLast = [...registers].flatMap((register) => {
      const last = page.events.findLast((row) =>
        planOperationRegisters(row.op as PlanOperation).includes(register),
      );
      return last && last.actor_id !== actor.sub ? [last] : [];
    });
    const writer = othersLast.sort((a, b) => Number(b.version) - Number(a.version))[0];
    if (!writer) {
      return undefined;
    }
    const row = await this.members.in(tx).document(state.id, actor.sub);
    const person = [row?.owner, ...(row?.collaborators ?? [])].find((p) => p?.id === writer.actor_id);
    return {
      actorId: writer.actor_id,
      name: person ? toPlanPerson(person, this.storage).name : messages.plans.unnamedCollaborator,
    };
  }
}
