import type { EntityManager } from 'typeorm';
import { planMessages, type PlanChange } from '@datebook/contracts';
import { PlansRepository, type PlanEntryChanges, type PlanFieldChanges } from '@datebook/db';
import { ValidationError } from '@datebook/server';

/**
 * Writes an applied operation's changes in its transaction (the plan row already locked), exactly
 * as members apply them from the event; gives back the plan's own fields, which the caller sets
 * with the new version.
 */
export async function persistPlanChanges(
  tx: EntityManager,
  repository: PlansRepository,
  planId: string,
  changes: PlanChange[],
): Promise<PlanFieldChanges> {
  const plans = repository.in(tx);
  const fields: PlanFieldChanges = {};
  for (const change of changes) {
    switch (change.kind) {
      case 'plan': {
        const { timeZone, ...set } = change.set;
        Object.assign(fields, set, timeZone === undefined ? {} : { time_zone: timeZone });
        break;
      }
      case 'status':
        fields.status = change.to;
        break;
      case 'addEntry': {
        const { entry } = change;
        await plans.insertEntry(planId, {
          client_ref: entry.ref,
          activity_id: entry.activityId,
          is_custom: entry.isCustom,
          custom_location: entry.customLocation,
          custom_details: entry.customDetails,
        });
        break;
      }
      case 'updateEntry': {
        const set: PlanEntryChanges = {
          begins_at: change.set.beginsAt,
          ends_at: change.set.endsAt,
          status: change.set.status,
          custom_location: change.set.customLocation,
          custom_details: change.set.customDetails,
        };
        if (!(await plans.updateEntry(planId, change.ref, set))) {
          throw new ValidationError([{ path: 'op.ref', message: planMessages.activityGone }]);
        }
        break;
      }
      case 'removeEntry':
        await plans.tombstoneEntry(planId, change.ref);
        break;
      case 'addCollaborators':
        await plans.addCollaborators(planId, change.userIds);
        break;
      case 'removeCollaborator':
        await plans.removeCollaborator(planId, change.userId);
        break;
      case 'delete':
        await plans.deletePlan(planId);
        break;
    }
  }
  return fields;
}
