import type { PlanDocument, PlanPerson, PlanRole } from '@datebook/contracts';
import type { PlanState } from '../plan-state';

export type PlanPhase = 'loading' | 'ready' | 'revoked' | 'gone';

/**
 * `offline`: the device says there is no network (edits keep queueing). `reconnecting`: a delivery
 * failed and is being retried, or the plan is catching up after coming back.
 */
export type PlanConnection = 'online' | 'offline' | 'reconnecting';

/** What the screens render: confirmed state with the pending edits on top. */
export interface PlanSnapshot {
  phase: PlanPhase;
  /** The plan as this member sees it, their pending edits applied. */
  plan: PlanState | null;
  document: PlanDocument | null;
  role: PlanRole;
  people: ReadonlyMap<string, PlanPerson>;
  publishedDateId: string | null;
  connection: PlanConnection;
  /** `connection === 'reconnecting'`, kept for the screens that only ask that. */
  reconnecting: boolean;
  /** Edits not yet confirmed (waiting, in flight, or accepted with an earlier event still due). */
  pendingCount: number;
  /** One of this member's accepted edits can be undone. */
  canUndo: boolean;
  /** Each register the member is typing in (`plan.title`) that someone else changed meanwhile. */
  changedWhileTyping: ReadonlyMap<string, ChangedWhileTyping>;
}

/** Someone else changed what a field the member types in holds: their name, and the plan as it left it. */
export interface ChangedWhileTyping {
  name: string;
  plan: PlanState;
}
