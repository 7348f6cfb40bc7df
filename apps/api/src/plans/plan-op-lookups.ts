import { Injectable } from '@nestjs/common';
import { messages, type PlanOperation, type PlanOpRequest, type PlanPerson } from '@datebook/contracts';
import {
  PlanActivitiesRepository,
  PlanEventsRepository,
  PlanPeopleRepository,
  type LockedPlanState,
  type PlanPersonRow,
} from '@datebook/db';
import { planOperationRegisters, planRoleOf, type PlanOpFacts, type PlanState } from '@datebook/domain';
import { ObjectStorage } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { toPlanPerson } from './plan-view';

/** Whose newer change of the same register an operation replaced. */
export type Overwrote = { actorId: string; name: string };

/** What an operation needs looked up that the plan's lock does not guard. */
export interface PlanOpPrefetch {
  facts: PlanOpFacts;
  /** The people an invite names that the owner may add, as plans name them. */
  invitees: PlanPersonRow[];
}

/**
 * What an operation reads besides the plan itself. Nothing here runs under the plan's row lock: the
 * facts the rules need (a linked activity as the actor may see it, whom the owner may invite) do not
 * depend on the locked state and are read before the lock; whose change a register op replaced is
 * worked out from what the lock's statement read (`LockedPlanState.sinceBase`, `writers`).
 */
@Injectable()
export class PlanOpLookups {
  constructor(
    private readonly profiles: PlanPeopleRepository,
    private readonly activities: PlanActivitiesRepository,
    private readonly events: PlanEventsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /** Read before the lock: the activity a linked row names, the people an invite names. */
  async prefetch(actor: Viewer, planId: string, op: PlanOperation): Promise<PlanOpPrefetch> {
    if (op.type === 'activity.add' && op.source.kind === 'linked') {
      const row = await this.activities.activityForPlan(actor.sub, op.source.activityId);
      const facts: PlanOpFacts = row
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
      return { facts, invitees: [] };
    }
    if (op.type === 'collaborator.invite') {
      const ids = op.userIds.map((id) => id.trim()).filter((id) => id !== '');
      const invitees = await this.profiles.invitableToPlan(planId, ids);
      return { facts: { invitable: invitees.map((person) => person.id) }, invitees };
    }
    return { facts: {}, invitees: [] };
  }

  /** Whether `opId` is one of the actor's own changes of this plan, which an undo may name. */
  async ownChange(planId: string, actor: Viewer, opId: string): Promise<boolean> {
    const row = await this.events.findByOpId(planId, opId);
    return row?.actor_id === actor.sub;
  }

  /** The collaborators an invite added, named as the plan shows them. */
  people(invitees: readonly PlanPersonRow[], added: readonly string[]): PlanPerson[] {
    const wanted = new Set(added);
    return invitees
      .filter((person) => wanted.has(person.id))
      .map((person) => toPlanPerson(person, this.storage));
  }

  /**
   * A register op whose register holds a value someone else wrote after the sender's `baseVersion`
   * (the last version at which the sender saw it): that writer, so the sender can say "You replaced
   * Sam's change". When the register's newest value is the sender's own, they replace only that.
   */
  overwritten(
    locked: Pick<LockedPlanState, 'sinceBase' | 'writers'>,
    state: PlanState,
    request: PlanOpRequest,
    actor: Viewer,
  ): Overwrote | undefined {
    const registers = new Set(planOperationRegisters(request.op));
    if (registers.size === 0 || request.baseVersion >= state.version) {
      return undefined;
    }
    const othersLast = [...registers].flatMap((register) => {
      const last = locked.sinceBase.findLast((row) =>
        planOperationRegisters(row.op as PlanOperation).includes(register),
      );
      return last && last.actor_id !== actor.sub ? [last] : [];
    });
    const writer = othersLast.sort((a, b) => Number(b.version) - Number(a.version))[0];
    if (!writer) {
      return undefined;
    }
    // Named as the plan names its people: only while they are still on it.
    const person =
      planRoleOf(state, writer.actor_id) === null
        ? undefined
        : locked.writers.find((row) => row.id === writer.actor_id);
    return {
      actorId: writer.actor_id,
      name: person ? toPlanPerson(person, this.storage).name : messages.plans.unnamedCollaborator,
    };
  }
}

/** The base version whose later events `overwritten` reads, or null when the op writes no register. */
export function overwriteBase(request: PlanOpRequest): number | null {
  return planOperationRegisters(request.op).length > 0 ? request.baseVersion : null;
}
