import type { PlanEntry, PlanOperation } from '@datebook/contracts';
import { planOperationRegisters } from '../plan-registers';
import { findLiveEntry, type PlanState } from '../plan-state';

/*
 * Undo may only restore a value this member set while it is still there (design: Client). These
 * say which parts of the plan an undo would write and what they hold now.
 */

const planValues: Record<string, (state: PlanState) => unknown> = {
  'plan.title': (state) => state.title,
  'plan.date': (state) => state.date,
  'plan.timeZone': (state) => state.timeZone,
  'plan.locked': (state) => state.locked,
  'plan.status': (state) => state.status,
};

const rowValues: Record<string, (entry: PlanEntry | undefined) => unknown> = {
  times: (entry) => (entry ? [entry.beginsAt, entry.endsAt] : null),
  customLocation: (entry) => entry?.customLocation ?? null,
  customDetails: (entry) => entry?.customDetails ?? null,
  row: (entry) => entry !== undefined,
};

/**
 * What an undo operation writes: the last-writer-wins registers, and for the commands that have an
 * undo, the part of the plan they change (a row's existence, the lock, the status).
 */
export function undoRegisters(inverse: PlanOperation): string[] {
  if (inverse.type === 'activity.remove') {
    return [`row:${inverse.ref}`];
  }
  if (inverse.type === 'plan.lock') {
    return ['plan.locked'];
  }
  if (inverse.type === 'status.change') {
    return ['plan.status'];
  }
  return planOperationRegisters(inverse);
}

/** A register's value in `state`, as a string that compares equal exactly when the values do. */
export function planRegisterValue(state: PlanState, register: string): string {
  const colon = register.indexOf(':');
  if (colon < 0) {
    return JSON.stringify(planValues[register]?.(state) ?? null);
  }
  const read = rowValues[register.slice(0, colon)];
  return JSON.stringify(read ? read(findLiveEntry(state, register.slice(colon + 1))) : null);
}
