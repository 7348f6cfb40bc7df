import type { PlanChange, PlanEntry, PlanEvent } from '@datebook/contracts';
import type { PlanState } from './plan-state';

/** Keys of a partial update that are really there: an absent field must never clear a value. */
function present<T extends object>(set: T): Partial<T> {
  return Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function applyChange(state: PlanState, change: PlanChange): PlanState {
  switch (change.kind) {
    case 'plan':
      return { ...state, ...present(change.set) };
    case 'status':
      return { ...state, status: change.to };
    case 'addEntry':
      return { ...state, activities: [...state.activities, change.entry] };
    case 'updateEntry':
      return {
        ...state,
        activities: state.activities.map((entry): PlanEntry =>
          entry.ref === change.ref ? { ...entry, ...present(change.set) } : entry,
        ),
      };
    case 'removeEntry':
      return {
        ...state,
        activities: state.activities.map((entry) =>
          entry.ref === change.ref ? { ...entry, deleted: true } : entry,
        ),
      };
    case 'addCollaborators':
      return {
        ...state,
        collaboratorIds: [...new Set([...state.collaboratorIds, ...change.userIds])],
      };
    case 'removeCollaborator':
      return { ...state, collaboratorIds: state.collaboratorIds.filter((id) => id !== change.userId) };
    case 'delete':
      return { ...state, deleted: true };
  }
}

/** The plan after `changes`, in order; the version is the caller's to set. */
export function applyPlanChanges(state: PlanState, changes: readonly PlanChange[]): PlanState {
  return changes.reduce(applyChange, state);
}

export type PlanEventApplication =
  | { status: 'applied'; state: PlanState }
  /** Already in the state (a duplicate delivery or the sender's own echo after a snapshot). */
  | { status: 'stale' }
  /** An event was missed: catch up (`plan.join` with `sinceVersion`) before applying more. */
  | { status: 'gap' };

/** Applies an event to confirmed state strictly in version order (design: Client). */
export function applyPlanEvent(
  state: PlanState,
  event: Pick<PlanEvent, 'version' | 'changes'>,
): PlanEventApplication {
  if (event.version <= state.version) {
    return { status: 'stale' };
  }
  if (event.version > state.version + 1) {
    return { status: 'gap' };
  }
  return { status: 'applied', state: { ...applyPlanChanges(state, event.changes), version: event.version } };
}
