import type { PlanOperationType, PlanOpRefusalCode, PlanOpResult } from '@datebook/contracts';

/** What happened during a run, counted as it happened; printed on one line at the end. */
export interface ConvergenceCounts {
  /** Edits the members made (each with its op id). */
  made: number;
  /** `plan.op` messages sent, retries included. */
  sends: number;
  /** Distinct op ids the server accepted. */
  acknowledged: number;
  /** Answers saying the op id was applied before: a resend absorbed, not applied twice. */
  duplicates: number;
  /** Sends with no answer in time (the socket was down or its api was dead). */
  unanswered: number;
  /** Distinct op ids the server refused. */
  refused: number;
  /** Edits the member's own copy of the rules refused before sending. */
  refusedLocally: number;
  /** `plan.join` answers with the missed events. */
  catchUps: number;
  /** `plan.join` answers with the whole plan (the log no longer covered the member's version). */
  snapshots: number;
  reloads: number;
  disconnects: number;
  apiKills: number;
}

export interface MadeOp {
  planId: string;
  type: PlanOperationType;
}

/**
 * Every op id the members made, sent, and had answered, so the end can check the database against
 * it: each accepted op id exactly once in plan_events, no refused or unknown one there at all.
 */
export class OpLedger {
  readonly made = new Map<string, MadeOp>();
  readonly sent = new Set<string>();
  readonly acknowledged = new Map<string, number>();
  readonly refused = new Map<string, PlanOpRefusalCode>();
  readonly counts: ConvergenceCounts = {
    made: 0,
    sends: 0,
    acknowledged: 0,
    duplicates: 0,
    unanswered: 0,
    refused: 0,
    refusedLocally: 0,
    catchUps: 0,
    snapshots: 0,
    reloads: 0,
    disconnects: 0,
    apiKills: 0,
  };

  recordMade(opId: string, op: MadeOp): void {
    this.made.set(opId, op);
    this.counts.made += 1;
  }

  recordSend(opId: string): void {
    this.sent.add(opId);
    this.counts.sends += 1;
  }

  /** A RATE_LIMITED answer is no refusal: the same op id goes out again later. */
  recordAnswer(opId: string, answer: PlanOpResult): void {
    if (!answer.ok && answer.code === 'RATE_LIMITED') {
      return;
    }
    if (!answer.ok) {
      this.refused.set(opId, answer.code);
      this.counts.refused = this.refused.size;
      return;
    }
    if ('duplicate' in answer) {
      this.counts.duplicates += 1;
    }
    this.acknowledged.set(opId, answer.version);
    this.counts.acknowledged = this.acknowledged.size;
  }
}
