import type { PlanEvent } from '@datebook/contracts';
import { applyPlanEvent } from '../plan-changes';
import type { PlanState } from '../plan-state';
import { HeldEvents } from './held-events';

/**
 * Events of one plan can reach a socket out of order by a few milliseconds across api replicas;
 * a gap still open after this long means an event was lost, and a catch-up brings it.
 */
export const PLAN_GAP_GRACE_MS = 250;

export interface ConfirmedPlanHooks {
  /** Events may apply: the plan is ready (held ones wait while it loads, and stop once editing ended). */
  live(): boolean;
  /** `event` moved confirmed state from `before` to `after`. */
  applied(event: PlanEvent, before: PlanState, after: PlanState): void;
  /** `event` is part of confirmed state now (just applied, or already contained). */
  taken(event: PlanEvent): void;
  /** A gap outlived the grace period: a catch-up should bring what is missing. */
  gapOutlived(): void;
}

/**
 * The plan as the server confirmed it, advanced only by events applied strictly in version order.
 * An event ahead of the next version is held until the ones before it arrive; a gap still open
 * after the grace period asks for a catch-up.
 */
export class ConfirmedPlan {
  private current: PlanState | null = null;
  private readonly held = new HeldEvents();
  private gapTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly hooks: ConfirmedPlanHooks,
    private readonly gapGraceMs: number = PLAN_GAP_GRACE_MS,
  ) {}

  get state(): PlanState | null {
    return this.current;
  }

  /** A snapshot replaces confirmed state. */
  adopt(state: PlanState) {
    this.current = state;
  }

  /** Applies `event` and then every held event it makes next in line. */
  apply(event: PlanEvent) {
    this.applyOne(event);
    this.applyHeld();
  }

  /** Applies the held events that now follow confirmed state (after a snapshot was adopted). */
  applyHeld() {
    let next = this.nextHeld();
    while (next) {
      this.applyOne(next);
      next = this.nextHeld();
    }
    if (this.held.size === 0) {
      this.stopHealing();
    }
  }

  /**
   * A gap that outlives the grace period is healed by a catch-up; one already on its way covers it
   * (and, if a gap is still open after it, the timer starts again).
   */
  healGapLater() {
    if (this.held.size === 0 || this.gapTimer !== undefined) {
      return;
    }
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      if (this.held.size > 0) {
        this.hooks.gapOutlived();
      }
    }, this.gapGraceMs);
  }

  stopHealing() {
    clearTimeout(this.gapTimer);
    this.gapTimer = undefined;
  }

  /** Editing ended: held events can never apply. */
  forgetHeld() {
    this.held.clear();
    this.stopHealing();
  }

  private nextHeld(): PlanEvent | undefined {
    return this.current && this.hooks.live() ? this.held.takeAfter(this.current.version) : undefined;
  }

  private applyOne(event: PlanEvent) {
    const before = this.current;
    if (!before) {
      return;
    }
    const result = applyPlanEvent(before, event);
    if (result.status === 'gap') {
      this.held.hold(event);
      this.healGapLater();
      return;
    }
    if (result.status === 'applied') {
      this.current = result.state;
      this.hooks.applied(event, before, result.state);
    }
    this.hooks.taken(event);
  }
}
