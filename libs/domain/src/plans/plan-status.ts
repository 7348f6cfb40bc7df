import { messages, planMessages, type PlanStatus } from '@datebook/contracts';
import { endsBeforeBeginning } from './plan-timeline';
import { liveEntries, type PlanState } from './plan-state';

/*
 * The plan's state machine (spec section 4): draft → prepared (Prepare Date, or an invite),
 * prepared → draft (Edit Plan, Revert to Draft), prepared → completed (Date Completed, which
 * publishes the recap). Completed is final and read-only.
 *
 * "A draft view offers only Add Activity, Schedule and delete-activity" is read as the actions a
 * draft's rows offer, not as the operations a draft accepts: /plan is the editor "for a draft
 * plan" and holds the title, the date, Invite and the time picker, and Prepare Date's "no end
 * before start" could never fail if a draft's times could not be set. So a draft accepts every
 * operation except locking (prepared only) and completing (from prepared only).
 */
export const PLAN_TRANSITIONS: Readonly<Record<PlanStatus, readonly PlanStatus[]>> = {
  draft: ['prepared'],
  prepared: ['draft', 'completed'],
  completed: [],
};

export function canTransition(from: PlanStatus, to: PlanStatus): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

/** Why Prepare Date cannot go ahead, in the order the form would say it; empty when it can. */
export function prepareProblems(state: Pick<PlanState, 'title' | 'date' | 'activities'>): string[] {
  const entries = liveEntries(state);
  const problems: string[] = [];
  if (state.title.trim() === '') {
    problems.push(planMessages.prepareNeedsTitle);
  }
  if (state.date === null) {
    problems.push(planMessages.prepareNeedsDate);
  }
  if (entries.length === 0) {
    problems.push(planMessages.prepareNeedsActivity);
  }
  if (entries.some(endsBeforeBeginning)) {
    problems.push(messages.plans.endBeforeBegin);
  }
  return problems;
}

/** Why the plan cannot move from its status to `to`, or null when the move is allowed. */
export function transitionProblem(from: PlanStatus, to: PlanStatus): string | null {
  if (canTransition(from, to)) {
    return null;
  }
  if (from === 'completed') {
    return planMessages.readOnly;
  }
  if (to === 'completed') {
    return planMessages.completeNeedsPrepared;
  }
  return to === 'draft' ? planMessages.alreadyDraft : planMessages.alreadyPrepared;
}
