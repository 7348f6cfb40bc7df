import type { PlanEvent, PlanRole } from '@datebook/contracts';
import type { PlanActor } from '../plan-state';
import { ConnectionState } from './connection-state';
import type { PlanChannel } from './plan-channel';
import type { PlanQueueStore } from './plan-queue-store';
import type { PlanPhase } from './plan-snapshot';
import { PLAN_RETRY_MS, RetrySchedule } from './retry-schedule';

export interface PlanSyncOptions {
  planId: string;
  userId: string;
  /** This tab (or test client), as the server tells its edits apart from another's of the member. */
  clientId: string;
  /** Where unsent edits survive a reload; without one they live as long as this object. */
  store?: PlanQueueStore;
  /** Called with each event applied to confirmed state (lists refresh, the Date opens). */
  onEvent?: (event: PlanEvent) => void;
  /** The first wait before a retry; it doubles on each failure in a row, up to 30 s. */
  retryMs?: number;
  /** How long a version gap may last before a catch-up heals it (PLAN_GAP_GRACE_MS). */
  gapGraceMs?: number;
}

/**
 * What every part of a plan's sync reads and the sync itself sets: who edits, where editing stands,
 * and the way to the server with its health and retry timer. The parts own their own flags; this
 * holds only what more than one of them needs.
 */
export class PlanSyncSession {
  phase: PlanPhase = 'loading';
  /** Until the plan is loaded nothing applies, so this first value is never acted on. */
  role: PlanRole = 'collaborator';
  channel: PlanChannel | null = null;
  /** The screen closed: answers still on their way change nothing, and nothing is retried. */
  disposed = false;
  readonly link = new ConnectionState();
  readonly retry: RetrySchedule;
  readonly planId: string;
  readonly userId: string;
  readonly clientId: string;

  /** `retryDue` is what a due retry runs: a catch-up and the next delivery. */
  constructor(options: PlanSyncOptions, retryDue: () => void) {
    this.planId = options.planId;
    this.userId = options.userId;
    this.clientId = options.clientId;
    this.retry = new RetrySchedule(options.retryMs ?? PLAN_RETRY_MS, retryDue);
  }

  get actor(): PlanActor {
    return { userId: this.userId, role: this.role };
  }

  /** Attempts may go out: a way, the network, the plan open and ready. */
  get reachable(): boolean {
    return this.channel !== null && !this.disposed && this.link.online && this.phase === 'ready';
  }

  /** An answer that came back on `channel` still counts: the screen is open and the way unchanged. */
  isCurrent(channel: PlanChannel): boolean {
    return !this.disposed && channel === this.channel;
  }
}
