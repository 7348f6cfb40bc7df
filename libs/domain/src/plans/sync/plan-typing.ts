import type { PlanEvent } from '@datebook/contracts';
import type { PlanState } from '../plan-state';
import { planRegisterValue } from './plan-register-values';

interface Typing {
  /** The version at which the member last saw what the register holds. */
  seenVersion: number;
  /** Who else changed the register since the member started typing, the latest of them. */
  changedBy?: string;
}

/**
 * The fields the member is typing in. Their field shows what they type, not what arrives, so an
 * incoming value is masked: an edit they then send replaces a value they never saw. This keeps,
 * per register, the version they last saw it at (what "You replaced Sam's change" compares with)
 * and who changed it meanwhile (so the field can say so while they type).
 */
export class PlanTyping {
  private readonly open = new Map<string, Typing>();

  /** Typing began in `register`'s field, which showed what it held at `seenVersion`. */
  start(register: string, seenVersion: number) {
    if (!this.open.has(register)) {
      this.open.set(register, { seenVersion });
    }
  }

  /** What was typed was sent, or dropped: the field shows the plan again. */
  stop(register: string): boolean {
    return this.open.delete(register);
  }

  /** The earliest version at which the member last saw one of `registers` they are typing in. */
  seenVersion(registers: readonly string[]): number | undefined {
    const seen = registers.flatMap((register) => this.open.get(register)?.seenVersion ?? []);
    return seen.length === 0 ? undefined : Math.min(...seen);
  }

  /** Someone else's `event` changed a register being typed in: remembers who. */
  learn(event: PlanEvent, before: PlanState, after: PlanState, selfId: string): boolean {
    let learned = false;
    for (const [register, typing] of this.open) {
      if (
        event.actorId !== selfId &&
        planRegisterValue(before, register) !== planRegisterValue(after, register)
      ) {
        typing.changedBy = event.actorId;
        learned = true;
      }
    }
    return learned;
  }

  /** Each register being typed in that someone else changed meanwhile, with who did, last. */
  changed(): ReadonlyMap<string, string> {
    const changed = new Map<string, string>();
    for (const [register, typing] of this.open) {
      if (typing.changedBy !== undefined) {
        changed.set(register, typing.changedBy);
      }
    }
    return changed;
  }

  clear() {
    this.open.clear();
  }
}
