import type { PlanSubmitResult } from './plan-sync-results';

/** The callers waiting for an edit's answer, by op id; a retried intent shares the first answer. */
export class SubmitWaiters {
  private waiters = new Map<string, ((result: PlanSubmitResult) => void)[]>();

  wait(opId: string): Promise<PlanSubmitResult> {
    return new Promise((resolve) => {
      this.waiters.set(opId, [...(this.waiters.get(opId) ?? []), resolve]);
    });
  }

  settle(opId: string, result: PlanSubmitResult) {
    for (const resolve of this.waiters.get(opId) ?? []) {
      resolve(result);
    }
    this.waiters.delete(opId);
  }

  /** An edit replaced by a later one of the same register: its callers get the survivor's answer. */
  move(from: string, to: string) {
    const moved = this.waiters.get(from) ?? [];
    this.waiters.delete(from);
    if (moved.length > 0) {
      this.waiters.set(to, [...(this.waiters.get(to) ?? []), ...moved]);
    }
  }
}
