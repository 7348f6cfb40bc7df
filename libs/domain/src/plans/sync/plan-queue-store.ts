import type { PlanOperation } from '@datebook/contracts';
import type { PlanOpFacts } from '../apply-plan-operation';

/** One edit not yet accepted, as it is kept across a reload. */
export interface PersistedPlanOp {
  opId: string;
  op: PlanOperation;
  facts?: PlanOpFacts;
  /** The version the member saw when they made the edit, sent as is. */
  baseVersion: number;
  madeAt: string;
  /** An undo's: the op id of the edit it undoes. */
  undoes?: string;
}

/**
 * Where a member's unsent edits of a plan survive a reload (IndexedDB in the browser, a Map in
 * tests). Saves replace the whole list; an empty list forgets the plan.
 */
export interface PlanQueueStore {
  load(planId: string, userId: string): Promise<PersistedPlanOp[]>;
  save(planId: string, userId: string, ops: readonly PersistedPlanOp[]): Promise<void>;
}
