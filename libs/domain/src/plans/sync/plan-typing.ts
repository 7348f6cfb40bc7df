import type { PlanEvent } from '@datebook/contracts';
import type { PlanState } from '../plan-state';
import { planRegisterValue } from './plan-register-values';

/** Someone else changed a register the member is typing in: who, and the plan as it left it. */
export interface TypedOver {
  actorId: string;
  plan: PlanState;
}

interface Typing {
  /** The version at which the member last saw what the register holds. */
  seenVersion: number;
  /** The latest change of the register by someone else since the member started typing. */
  changed?: TypedOver;
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

  /** `event` moved confirmed state from `before` to `after`: remembers who else changed a register being typed in. */
  learn(event: PlanEvent, before: PlanState, after: PlanState, selfId: string) {
    for (const [register, typing] of this.open) {
      if (planRegisterValue(before, register) === planRegisterValue(after, register)) {
        continue;
      }
      if (event.actorId === selfId) {
        // The member's own change (from another tab) is nobody else's.
        delete typing.changed;
      } else {
        typing.changed = { actorId: event.actorId, plan: after };
      }
    }
  }

  /** Each register being typed in that someone else changed meanwhile, with their latest change. */
  changed(): ReadonlyMap<string, TypedOver> {
    const changed = new Map<string, TypedOver>();
    for (const [register, typing] of this.open) {
      if (typing.changed) {
        changed.set(register, typing.changed);
      }
    }
    return changed;
  }

  clear() {
    this.open.clear();
  }
}
