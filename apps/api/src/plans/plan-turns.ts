/**
 * Operations on one plan take turns within this process before they take a database connection.
 * The plan's row lock orders them anyway; without turns, every waiter would hold a pooled
 * connection idle while it waits, and a burst on one plan could starve every other plan's ops,
 * joins and reads of connections. Other plans run alongside; replicas still meet at the row lock.
 */
export class PlanTurns {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after every earlier task of `planId` in this process has settled. */
  run<T>(planId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(planId) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(planId, tail);
    void tail.then(() => {
      if (this.tails.get(planId) === tail) {
        this.tails.delete(planId);
      }
    });
    return result;
  }

  /** Plans with an operation running or waiting here. */
  get busy(): number {
    return this.tails.size;
  }
}
