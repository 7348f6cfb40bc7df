import type { PlanChange } from '@datebook/contracts';
import type { PlanFieldChanges, PlanRowWrite } from '@datebook/db';

/** An applied operation's changes as the one write statement makes them. */
export interface PlanWrites {
  rows: PlanRowWrite[];
  /** The plan's own fields, set with the new version. */
  fields: PlanFieldChanges;
  /** The plan is deleted: nothing else is written (entries, collaborators and events go with it). */
  deleted: boolean;
}

/** Maps an applied operation's changes to writes, exactly as members apply them from the event. */
export function planWrites(changes: readonly PlanChange[]): PlanWrites {
  const rows: PlanRowWrite[] = [];
  const fields: PlanFieldChanges = {};
  let deleted = false;
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
        rows.push({
          kind: 'insertEntry',
          entry: {
            client_ref: entry.ref,
            activity_id: entry.activityId,
            is_custom: entry.isCustom,
            custom_location: entry.customLocation,
            custom_details: entry.customDetails,
          },
        });
        break;
      }
      case 'updateEntry':
        rows.push({
          kind: 'updateEntry',
          ref: change.ref,
          set: {
            begins_at: change.set.beginsAt,
            ends_at: change.set.endsAt,
            status: change.set.status,
            custom_location: change.set.customLocation,
            custom_details: change.set.customDetails,
          },
        });
        break;
      case 'removeEntry':
        rows.push({ kind: 'tombstoneEntry', ref: change.ref });
        break;
      case 'addCollaborators':
        rows.push({ kind: 'addCollaborators', userIds: change.userIds });
        break;
      case 'removeCollaborator':
        rows.push({ kind: 'removeCollaborator', userId: change.userId });
        break;
      case 'delete':
        deleted = true;
        break;
    }
  }
  return { rows, fields, deleted };
}
