/** After a first failed delivery, the queue tries again this much later (or at once on reconnect). */
export const PLAN_RETRY_MS = 2_000;
/** The longest wait between two attempts, however often they failed. */
export const PLAN_RETRY_MAX_MS = 30_000;

/**
 * When to try again after a failed delivery or catch-up: the wait doubles with each failure in a
 * row, up to PLAN_RETRY_MAX_MS, so a server that is down or limiting this member is not hammered;
 * it starts over after a success.
 */
export class RetrySchedule {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly baseMs: number,
    private readonly run: () => void,
  ) {}

  /** A retry is due later: attempts wait for it instead of going out now. */
  get waiting(): boolean {
    return this.timer !== undefined;
  }

  failed() {
    this.failures += 1;
    const delay = Math.min(this.baseMs * 2 ** (this.failures - 1), PLAN_RETRY_MAX_MS);
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, delay);
  }

  succeeded() {
    this.failures = 0;
  }

  /** Stops the wait (a new way to the server, or the end): the caller tries at once or never. */
  cancel() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
