import type { PlanEntry, PlanRole, PlanStatus } from '@datebook/contracts';

/**
 * A plan as the rules see it: plain data, the same on the server (read under the plan's row lock)
 * and in the browser (confirmed state with pending operations on top). Times are UTC ISO strings;
 * removed rows stay as tombstones so a late operation on one is answered GONE.
 */
export interface PlanState {
  id: string;
  ownerId: string;
  title: string;
  /** 'YYYY-MM-DD' or null. */
  date: string | null;
  /** The IANA zone the date and times are wall-clock values in (design: Time). */
  timeZone: string;
  status: PlanStatus;
  locked: boolean;
  version: number;
  collaboratorIds: string[];
  activities: PlanEntry[];
  /** Set by `plan.delete`: nothing more applies to it. */
  deleted: boolean;
}

export interface PlanActor {
  userId: string;
  role: PlanRole;
}

/** A plan row that exists but has no operation applied yet: the state `plan.create` applies to. */
export function emptyPlanState(id: string, ownerId: string): PlanState {
  return {
    id,
    ownerId,
    title: '',
    date: null,
    timeZone: 'UTC',
    status: 'draft',
    locked: false,
    version: 0,
    collaboratorIds: [],
    activities: [],
    deleted: false,
  };
}

/** The rows still in the plan. */
export function liveEntries(state: Pick<PlanState, 'activities'>): PlanEntry[] {
  return state.activities.filter((entry) => !entry.deleted);
}

export function findLiveEntry(state: Pick<PlanState, 'activities'>, ref: string): PlanEntry | undefined {
  return state.activities.find((entry) => entry.ref === ref && !entry.deleted);
}
