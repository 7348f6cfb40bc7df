import type { PersistedPlanOp, PlanQueueStore } from '@datebook/domain';

/**
 * The member's device storage (IndexedDB in the web): it outlives a reload, so a new PlanSync on the
 * same store restores the edits the previous one had not delivered. Copies in and out, as a real
 * store serialises.
 */
export class MemoryQueueStore implements PlanQueueStore {
  private readonly queues = new Map<string, string>();

  load(planId: string, userId: string): Promise<PersistedPlanOp[]> {
    const saved = this.queues.get(`${planId}:${userId}`);
    return Promise.resolve(saved ? (JSON.parse(saved) as PersistedPlanOp[]) : []);
  }

  save(planId: string, userId: string, ops: readonly PersistedPlanOp[]): Promise<void> {
    this.queues.set(`${planId}:${userId}`, JSON.stringify(ops));
    return Promise.resolve();
  }

  /** The ops left on the device: none once everything was delivered or refused. */
  async pending(planId: string, userId: string): Promise<number> {
    return (await this.load(planId, userId)).length;
  }
}
