import type { PlanOperation } from '@datebook/contracts';
import type { PlanState } from '../plan-state';
import { planRegisterValue, undoRegisters } from './plan-register-values';

/** One of the member's own accepted edits, with what undoes it and what it left in the plan. */
export interface UndoableEdit {
  opId: string;
  inverse: PlanOperation;
  registers: readonly string[];
  /** Each register's value right after the edit, to tell whether someone changed it since. */
  values: readonly string[];
}

/** The undo record of an edit whose result is `after`. */
export function undoableEdit(opId: string, inverse: PlanOperation, after: PlanState): UndoableEdit {
  const registers = undoRegisters(inverse);
  return {
    opId,
    inverse,
    registers,
    values: registers.map((register) => planRegisterValue(after, register)),
  };
}

/** Every register the edit wrote still holds what the edit put there. */
export function stillHolds(edit: UndoableEdit, state: PlanState): boolean {
  return edit.registers.every((register, index) => planRegisterValue(state, register) === edit.values[index]);
}

/** How many edits back a member can undo; older ones are forgotten. */
export const PLAN_UNDO_LIMIT = 100;

/** The member's own undoable edits in this session, latest last. */
export class UndoHistory {
  private edits: UndoableEdit[] = [];

  get canUndo(): boolean {
    return this.edits.length > 0;
  }

  push(edit: UndoableEdit) {
    this.edits.push(edit);
    if (this.edits.length > PLAN_UNDO_LIMIT) {
      this.edits.shift();
    }
  }

  takeLatest(): UndoableEdit | undefined {
    return this.edits.pop();
  }

  take(opId: string): UndoableEdit | undefined {
    const index = this.edits.findIndex((edit) => edit.opId === opId);
    return index < 0 ? undefined : this.edits.splice(index, 1)[0];
  }

  clear() {
    this.edits = [];
  }
}
