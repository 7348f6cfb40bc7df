import { PLAN_CATCH_UP_EVENTS, type PlanEvent } from '@datebook/contracts';

/**
 * Events that arrived ahead of the confirmed version, kept until the ones before them arrive.
 * Across api replicas a plan's events can reach a socket out of order by a few milliseconds (a
 * replica tells its own sockets at once, the others' come through Redis), and during a catch-up
 * the room goes on delivering newer events: dropping these would turn every such race into one
 * more catch-up. Bounded like a catch-up page; past that, the catch-up brings them anyway.
 */
export class HeldEvents {
  private readonly byVersion = new Map<number, PlanEvent>();

  get size(): number {
    return this.byVersion.size;
  }

  hold(event: PlanEvent): void {
    if (this.byVersion.size < PLAN_CATCH_UP_EVENTS) {
      this.byVersion.set(event.version, event);
    }
  }

  /** The held event that follows `version`, taken out; events at or before it are dropped. */
  takeAfter(version: number): PlanEvent | undefined {
    for (const held of this.byVersion.keys()) {
      if (held <= version) {
        this.byVersion.delete(held);
      }
    }
    const next = this.byVersion.get(version + 1);
    this.byVersion.delete(version + 1);
    return next;
  }

  clear(): void {
    this.byVersion.clear();
  }
}
