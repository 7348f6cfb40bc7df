import { planOperationSchema, type PlanOperation } from '@datebook/contracts';
import type { PlanOpFacts } from '../apply-plan-operation';
import { planOperationRegisters } from '../plan-registers';
import type { PersistedPlanOp, PlanQueueStore } from './plan-queue-store';
import type { UndoableEdit } from './undo-history';

/**
 * One of this member's edits not yet confirmed. `queued` waits its turn, `sending` is the one op in
 * flight, `acked` was accepted at `version` but confirmed state has not reached it yet (an earlier
 * event is still on its way).
 */
export interface PendingPlanOp {
  opId: string;
  op: PlanOperation;
  facts?: PlanOpFacts;
  /** The version the member saw when they made the edit. */
  baseVersion: number;
  madeAt: string;
  state: 'queued' | 'sending' | 'acked';
  version?: number;
  overwrote?: { name: string };
  /** Went out at least once (or came back from the store): the server may already have it. */
  sent?: boolean;
  /** False for an undo itself: undoing twice must not redo. */
  undoable: boolean;
  /** An undo's: the op id of the edit it undoes. */
  undoes?: string;
  /** How to undo it: first as the screen saw it at submit, then exactly as its event applied. */
  undo?: UndoableEdit;
}

const sameRegisters = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((register) => b.includes(register));

function persisted(entry: PendingPlanOp): PersistedPlanOp {
  return {
    opId: entry.opId,
    op: entry.op,
    ...(entry.facts ? { facts: entry.facts } : {}),
    baseVersion: entry.baseVersion,
    madeAt: entry.madeAt,
    ...(entry.undoes ? { undoes: entry.undoes } : {}),
  };
}

/** What the store gave back, if it is still an edit this version can send. */
function restorable(saved: PersistedPlanOp): PendingPlanOp | null {
  const op = planOperationSchema.safeParse(saved.op);
  if (!op.success || typeof saved.opId !== 'string' || !Number.isInteger(saved.baseVersion)) {
    return null;
  }
  const { undoes, ...edit } = saved;
  // An undo stays one (and is not itself undoable: undoing it would redo).
  const isUndo = typeof undoes === 'string';
  return {
    ...edit,
    ...(isUndo ? { undoes } : {}),
    op: op.data,
    state: 'queued',
    sent: true,
    undoable: !isUndo,
  };
}

/**
 * The member's pending edits of one plan, in the order they were made, kept in the store (when
 * there is one) on every change so a reload sends what was not yet accepted.
 */
export class PendingPlanQueue {
  private entries: PendingPlanOp[] = [];
  private restoring: boolean;
  private closed = false;
  private saving: Promise<void> = Promise.resolve();
  /** The edits an earlier page of this member left in the store are back in the queue. */
  readonly restored: Promise<void>;

  constructor(
    private readonly store: PlanQueueStore | undefined,
    private readonly planId: string,
    private readonly userId: string,
  ) {
    this.restoring = store !== undefined;
    this.restored = store ? this.restore(store) : Promise.resolve();
  }

  get all(): readonly PendingPlanOp[] {
    return this.entries;
  }

  get length(): number {
    return this.entries.length;
  }

  /** Nothing may be sent before the saved edits, made earlier, are back in front of the queue. */
  get isRestoring(): boolean {
    return this.restoring;
  }

  find(opId: string): PendingPlanOp | undefined {
    return this.entries.find((entry) => entry.opId === opId);
  }

  includes(entry: PendingPlanOp): boolean {
    return this.entries.includes(entry);
  }

  nextQueued(): PendingPlanOp | undefined {
    return this.entries.find((entry) => entry.state === 'queued');
  }

  /**
   * Queues an edit. A never-sent edit of exactly the same registers with only other register edits
   * after it is replaced in place (what the server would keep anyway is the later value) and
   * returned. The survivor keeps the earlier edit's base version and undo: the member has not seen
   * that register's newer values since, and undoing the burst restores what was there before it.
   */
  add(entry: PendingPlanOp): PendingPlanOp | undefined {
    const replaced = this.coalescible(planOperationRegisters(entry.op));
    if (!replaced) {
      this.entries.push(entry);
    } else {
      const { undo: latestUndo, ...latest } = entry;
      const survivor: PendingPlanOp = {
        ...latest,
        baseVersion: Math.min(replaced.baseVersion, entry.baseVersion),
        ...(replaced.undo && latestUndo ? { undo: { ...latestUndo, inverse: replaced.undo.inverse } } : {}),
      };
      this.entries[this.entries.indexOf(replaced)] = survivor;
    }
    this.save();
    return replaced;
  }

  sending(entry: PendingPlanOp) {
    entry.state = 'sending';
    entry.sent = true;
  }

  /** Not delivered (or to be resent later): it waits again, first in line. */
  requeue(entry: PendingPlanOp) {
    entry.state = 'queued';
  }

  /** Accepted by the server: a reload no longer needs it, even before its event arrives. */
  acked(entry: PendingPlanOp, version: number, overwrote: { name: string } | undefined) {
    entry.state = 'acked';
    entry.version = version;
    if (overwrote) {
      entry.overwrote = overwrote;
    }
    this.save();
  }

  /** Takes out the edits `done` picks, in queue order. */
  removeWhere(done: (entry: PendingPlanOp) => boolean): PendingPlanOp[] {
    const removed = this.entries.filter(done);
    if (removed.length > 0) {
      this.entries = this.entries.filter((entry) => !removed.includes(entry));
      this.save();
    }
    return removed;
  }

  /** Editing ended for good (access revoked, plan gone): forget everything, the store too. */
  close(): PendingPlanOp[] {
    const dropped = this.entries;
    this.entries = [];
    this.closed = true;
    this.save();
    return dropped;
  }

  private coalescible(registers: readonly string[]): PendingPlanOp | undefined {
    if (registers.length === 0) {
      return undefined;
    }
    for (let index = this.entries.length - 1; index >= 0; index -= 1) {
      const entry = this.entries[index];
      const theirs = entry ? planOperationRegisters(entry.op) : [];
      // Past an op the server may have, or a command, order matters: a later value must not jump ahead.
      if (!entry || entry.state !== 'queued' || entry.sent || theirs.length === 0) {
        return undefined;
      }
      if (sameRegisters(theirs, registers)) {
        return entry;
      }
    }
    return undefined;
  }

  private async restore(store: PlanQueueStore) {
    let saved: PersistedPlanOp[] = [];
    try {
      saved = await store.load(this.planId, this.userId);
    } catch {
      // A store that cannot be read is no store: editing goes on without what it held.
      saved = [];
    }
    if (!this.closed) {
      const known = new Set(this.entries.map((entry) => entry.opId));
      const restored = saved
        .map(restorable)
        .filter((entry): entry is PendingPlanOp => entry !== null && !known.has(entry.opId));
      this.entries = [...restored, ...this.entries];
    }
    this.restoring = false;
    this.save();
  }

  private save() {
    const store = this.store;
    if (!store || this.restoring) {
      return;
    }
    const ops = this.entries.filter((entry) => entry.state !== 'acked').map(persisted);
    // Saves run one after another so the last one written is the latest; a failed save costs only
    // the reload-safety of these edits, never the editing itself.
    this.saving = this.saving.then(() => store.save(this.planId, this.userId, ops)).catch(() => undefined);
  }
}
