import type { PlanEvent, PlanOperation } from '@datebook/contracts';
import { applyPlanOperation } from '../apply-plan-operation';
import type { PlanActor, PlanState } from '../plan-state';
import type { PendingPlanOp } from './pending-queue';
import type { PlanSubmitResult, PlanUndoResult } from './plan-sync-results';
import { stillHolds, undoableEdit, UndoHistory, type UndoableEdit } from './undo-history';

export interface PlanUndoHooks {
  /** The plan as the member sees it now, their pending edits applied. */
  view(): PlanState | null;
  /** Sends the inverse of `opId` as a new edit, itself not undoable (undoing twice must not redo). */
  submit(inverse: PlanOperation, opId: string): Promise<PlanSubmitResult>;
  changed(): void;
}

/**
 * Undo of the member's own edits: each accepted edit's inverse is recorded as the server ordered
 * it, and an undo is sent as a new edit only while what the edit wrote is still there.
 */
export class PlanUndo {
  private readonly history = new UndoHistory();

  constructor(private readonly hooks: PlanUndoHooks) {}

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  /** Undoes the member's own latest accepted edit that has an undo. */
  latest(): Promise<PlanUndoResult> {
    return this.undo(this.history.takeLatest());
  }

  /** Undoes one given own edit (the conflict notice's Undo). */
  op(opId: string): Promise<PlanUndoResult> {
    return this.undo(this.history.take(opId));
  }

  /**
   * The member's own edit `own` applied as the server ordered it (`event`, from `before` to
   * `after`): undo restores what was there just before it (someone else's newer value it replaced
   * included), not what the screen showed.
   */
  learn(
    own: PendingPlanOp | undefined,
    event: PlanEvent,
    before: PlanState,
    after: PlanState,
    actor: PlanActor,
  ) {
    if (!own?.undoable) {
      return;
    }
    const outcome = applyPlanOperation(before, own.op, actor, { now: new Date(event.at), facts: own.facts });
    if (outcome.ok) {
      own.undo = outcome.inverse ? undoableEdit(own.opId, outcome.inverse, after) : undefined;
    }
  }

  /** An own edit reached confirmed state: from now on it can be undone. */
  record(entry: PendingPlanOp) {
    if (entry.undoable && entry.undo) {
      this.history.push(entry.undo);
    }
  }

  clear() {
    this.history.clear();
  }

  private async undo(edit: UndoableEdit | undefined): Promise<PlanUndoResult> {
    if (!edit) {
      return { status: 'nothing' };
    }
    this.hooks.changed();
    const current = this.hooks.view();
    if (!current || !stillHolds(edit, current)) {
      return { status: 'skipped' };
    }
    const result = await this.hooks.submit(edit.inverse, edit.opId);
    return result.ok
      ? { status: 'undone' }
      : { status: 'refused', message: result.message, alert: result.alert };
  }
}
