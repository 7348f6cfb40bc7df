import { PlanTurns } from './plan-turns';

interface Queued<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export interface PlanOpBatchesOptions<T, R> {
  /**
   * Applies items in their order, all or none (one transaction): answers one outcome per item, in
   * the same order, or throws when nothing was applied.
   */
  run: (planId: string, items: T[]) => Promise<R[]>;
  /** Items that are applied on their own, never beside another. */
  alone: (item: T) => boolean;
  /** The most items applied together. */
  max: number;
}

/**
 * Group commit for a plan's operations (decision: a hot plan's serial limit). Operations on one plan
 * take turns in this process (PlanTurns); the operations that arrive while a turn runs wait in the
 * plan's queue, and the next turn applies all of them, in arrival order, under one lock and one
 * COMMIT. A plan at rest pays nothing: the first operation's turn starts at once, alone. A busy plan
 * pays the lock, the state read and the COMMIT once per batch instead of once per operation, which
 * is what bounded how many operations a second one plan could take. When a batch fails as a whole
 * (one item's write refused rolls back the others), each of its items is applied again on its own,
 * so only the item at fault fails.
 */
export class PlanOpBatches<T, R> {
  private readonly turns = new PlanTurns();
  private readonly queues = new Map<string, Array<Queued<T, R>>>();

  constructor(private readonly options: PlanOpBatchesOptions<T, R>) {}

  /** Settles with `item`'s own outcome once the batch it joined has been applied. */
  submit(planId: string, item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queued = { item, resolve, reject };
      const queue = this.queues.get(planId);
      if (queue) {
        queue.push(queued);
      } else {
        this.queues.set(planId, [queued]);
      }
      // One turn per item: a turn that finds its item already taken by an earlier batch ends at once.
      void this.turns.run(planId, () => this.drain(planId));
    });
  }

  private async drain(planId: string): Promise<void> {
    const queue = this.queues.get(planId);
    if (!queue || queue.length === 0) {
      return;
    }
    const batch = queue.splice(0, this.takeable(queue));
    if (queue.length === 0) {
      this.queues.delete(planId);
    }
    if (batch.length > 1) {
      try {
        const outcomes = await this.options.run(
          planId,
          batch.map(({ item }) => item),
        );
        batch.forEach(({ resolve }, index) => resolve(outcomes[index]!));
        return;
      } catch {
        // Rolled back, nothing applied (had it committed, each op now answers as its own replay):
        // each item is tried on its own below.
      }
    }
    for (const { item, resolve, reject } of batch) {
      try {
        const [outcome] = await this.options.run(planId, [item]);
        resolve(outcome!);
      } catch (error) {
        reject(error);
      }
    }
  }

  /** The leading items that may go together: one that must go alone goes alone. */
  private takeable(queue: ReadonlyArray<Queued<T, R>>): number {
    const { alone, max } = this.options;
    if (alone(queue[0]!.item)) {
      return 1;
    }
    let count = 1;
    while (count < queue.length && count < max && !alone(queue[count]!.item)) {
      count += 1;
    }
    return count;
  }
}
