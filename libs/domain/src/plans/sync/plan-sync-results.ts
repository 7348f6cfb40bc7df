export type PlanSubmitResult =
  | {
      ok: true;
      /** Whose newer change this edit replaced, when it did; `opId` undoes it (`undoOp`). */
      overwrote?: { name: string; opId: string };
    }
  | { ok: false; message: string; alert: string };

export type PlanUndoResult =
  | { status: 'undone' }
  | { status: 'nothing' }
  /** Someone changed it again since: undoing would throw their change away. */
  | { status: 'skipped' }
  | { status: 'refused'; message: string; alert: string };
