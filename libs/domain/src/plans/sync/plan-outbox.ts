import {
  messages,
  planMessages,
  planOperationSchema,
  type PlanDocument,
  type PlanOperation,
  type PlanOperationInput,
  type PlanOpResult,
} from '@datebook/contracts';
import { applyPlanOperation, type PlanOpFacts } from '../apply-plan-operation';
import { planAlert } from '../plan-alerts';
import { planOperationRegisters } from '../plan-registers';
import type { PlanState } from '../plan-state';
import type { ConfirmedPlan } from './confirmed-plan';
import { newOpId } from './op-ids';
import { PlanTransientError, type PlanChannel } from './plan-channel';
import type { PlanQueueStore } from './plan-queue-store';
import type { PlanSubmitResult } from './plan-sync-results';
import type { PlanSyncSession } from './plan-sync-session';
import { PendingPlanQueue, type PendingPlanOp } from './pending-queue';
import { SubmitWaiters } from './submit-waiters';
import { undoableEdit } from './undo-history';

export interface SubmitOptions {
  facts?: PlanOpFacts;
  /** The intent's op id: a retry of the same intent passes it again and shares the first answer. */
  opId?: string;
  /** Called at once when the edit passed the rules and is on screen, waiting to be delivered. */
  onQueued?: () => void;
  /** The op id of the member's own earlier edit this one undoes. */
  undoes?: string;
}

export interface PlanOutboxHooks {
  /** Over a socket, nothing is sent before the (re)join has answered. */
  joinPending(): boolean;
  /** The plan as the server holds it, sent with a refusal. */
  adoptCanonical(document: PlanDocument): void;
  end(phase: 'revoked' | 'gone', message: string): void;
  /** Not delivered on `channel`: retry later, or at once on a newer way. */
  failed(channel: PlanChannel): void;
  /** One of the member's own edits reached confirmed state. */
  accepted(entry: PendingPlanOp): void;
  /** The version at which the member last saw `registers`, when a field they type in masks one. */
  typingSince(registers: readonly string[]): number | undefined;
  changed(): void;
}

/** A refused edit's answer: the server's (or the rules') message and the alert the screen shows. */
export function refusal(op: PlanOperation, message: string): PlanSubmitResult {
  return { ok: false, message, alert: planAlert(op, message) };
}

/**
 * The member's edits on their way out: checked against the rules and shown at once on top of
 * confirmed state, sent one at a time in the order they were made, kept and resent under the same
 * op id when not delivered, and settled (the caller's promise answered) when confirmed or refused.
 */
export class PlanOutbox {
  readonly queue: PendingPlanQueue;
  private readonly waiters = new SubmitWaiters();
  private sending = false;
  /**
   * The edit in flight, once its own event confirmed it before its answer came (the room pushes to
   * the sender's socket too, ahead of the answer): the caller hears when the answer says whose
   * change it replaced.
   */
  private confirmedInFlight: PendingPlanOp | null = null;

  constructor(
    private readonly session: PlanSyncSession,
    private readonly confirmed: ConfirmedPlan,
    store: PlanQueueStore | undefined,
    private readonly hooks: PlanOutboxHooks,
  ) {
    this.queue = new PendingPlanQueue(store, session.planId, session.userId);
  }

  /** Confirmed state with every pending edit that still applies on top of it. */
  view(): PlanState | null {
    const confirmed = this.confirmed.state;
    if (!confirmed) {
      return null;
    }
    const now = new Date();
    const actor = this.session.actor;
    return this.queue.all.reduce<PlanState>((state, entry) => {
      const outcome = applyPlanOperation(state, entry.op, actor, { now, facts: entry.facts });
      return outcome.ok ? { ...outcome.state, version: state.version } : state;
    }, confirmed);
  }

  /**
   * The version at which the member last saw what `registers` hold. A register their pending edits
   * or a field they type in masks shows them their own value, so what arrived since is unseen: the
   * version is the one they saw when the masking began, not what confirmed state reached meanwhile.
   */
  lastSeen(registers: readonly string[]): number | undefined {
    const confirmed = this.confirmed.state;
    if (!confirmed) {
      return undefined;
    }
    const pending = this.queue.all
      .filter((entry) => planOperationRegisters(entry.op).some((register) => registers.includes(register)))
      .map((entry) => entry.baseVersion);
    const typing = this.hooks.typingSince(registers);
    return Math.min(confirmed.version, ...pending, ...(typing === undefined ? [] : [typing]));
  }

  enqueue(input: PlanOperationInput, options: SubmitOptions, undoable: boolean): Promise<PlanSubmitResult> {
    const opId = options.opId ?? newOpId();
    const parsed = planOperationSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messages.errors.validation;
      return Promise.resolve(refusal(input as PlanOperation, message));
    }
    const op = parsed.data;
    if (this.queue.find(opId)) {
      options.onQueued?.();
      return this.waiters.wait(opId);
    }
    const { phase } = this.session;
    const base = this.view();
    const confirmed = this.confirmed.state;
    if (phase !== 'ready' || !base || !confirmed) {
      return Promise.resolve(
        refusal(op, phase === 'revoked' ? planMessages.accessRevoked : planMessages.notFound),
      );
    }
    const now = new Date();
    const outcome = applyPlanOperation(base, op, this.session.actor, { now, facts: options.facts });
    if (!outcome.ok) {
      return Promise.resolve(refusal(op, outcome.message));
    }
    const entry: PendingPlanOp = {
      opId,
      op,
      ...(options.facts ? { facts: options.facts } : {}),
      baseVersion: this.lastSeen(planOperationRegisters(op)) ?? confirmed.version,
      madeAt: now.toISOString(),
      state: 'queued',
      undoable,
      ...(options.undoes ? { undoes: options.undoes } : {}),
      ...(undoable && outcome.inverse ? { undo: undoableEdit(opId, outcome.inverse, outcome.state) } : {}),
    };
    const result = this.waiters.wait(opId);
    const replaced = this.queue.add(entry);
    if (replaced) {
      this.waiters.move(replaced.opId, opId);
    }
    this.hooks.changed();
    options.onQueued?.();
    void this.pump();
    return result;
  }

  /** Sends the edit in front, when nothing holds sending back, and goes on with the next. */
  async pump(): Promise<void> {
    const { session, hooks } = this;
    const channel = session.channel;
    // Over a socket, nothing is sent before the (re)join has answered: the missed events settle an
    // edit that was applied before the drop, so it is not resent just to be told it is a duplicate.
    const blocked = this.sending || hooks.joinPending() || this.queue.isRestoring || session.retry.waiting;
    if (blocked || !channel || !session.reachable || !this.confirmed.state) {
      return;
    }
    const next = this.queue.nextQueued();
    if (!next) {
      return;
    }
    this.sending = true;
    this.queue.sending(next);
    let answer: PlanOpResult;
    try {
      answer = await channel.send({
        opId: next.opId,
        clientId: session.clientId,
        baseVersion: next.baseVersion,
        op: next.op,
        ...(next.undoes ? { undoes: next.undoes } : {}),
      });
    } catch (error) {
      this.sending = false;
      this.queue.requeue(next);
      this.answerConfirmed(next, undefined);
      if (!(error instanceof PlanTransientError)) {
        throw error;
      }
      session.link.notSent();
      hooks.failed(channel);
      return;
    }
    this.sending = false;
    if (session.disposed) {
      return;
    }
    if (this.answerConfirmed(next, answer)) {
      session.link.answered();
      session.retry.succeeded();
      hooks.changed();
      void this.pump();
      return;
    }
    if (!answer.ok && answer.code === 'RATE_LIMITED') {
      // Not a refusal: the server will take it a little later, under the same op id.
      this.queue.requeue(next);
      session.link.heldBack();
      session.retry.failed();
      return;
    }
    session.link.answered();
    session.retry.succeeded();
    this.settle(next, answer);
    hooks.changed();
    void this.pump();
  }

  /** Confirmed state reached `version`: acked edits it contains, and `opId` itself, are done. */
  settleConfirmed(version: number, opId?: string) {
    const done = this.queue.removeWhere(
      (entry) => entry.opId === opId || (entry.state === 'acked' && (entry.version ?? 0) <= version),
    );
    done.forEach(this.accepted);
  }

  /** Editing ended for good: what was pending fails with `message` and is forgotten, stored too. */
  close(message: string) {
    this.answerConfirmed(this.confirmedInFlight, undefined);
    for (const entry of this.queue.close()) {
      this.waiters.settle(entry.opId, refusal(entry.op, message));
    }
  }

  private settle(entry: PendingPlanOp, answer: PlanOpResult) {
    if (!answer.ok) {
      this.queue.removeWhere((other) => other === entry);
      this.waiters.settle(entry.opId, refusal(entry.op, answer.message));
      const confirmed = this.confirmed.state;
      if (answer.canonical && confirmed && answer.canonical.version >= confirmed.version) {
        this.hooks.adoptCanonical(answer.canonical);
      }
      if (answer.code === 'FORBIDDEN' && answer.message === planMessages.accessRevoked) {
        this.hooks.end('revoked', answer.message);
      } else if (answer.code === 'NOT_FOUND') {
        this.hooks.end('gone', answer.message);
      }
      return;
    }
    if (!this.queue.includes(entry)) {
      // Its event came first and already settled it.
      return;
    }
    const overwrote = 'overwrote' in answer && answer.overwrote ? { name: answer.overwrote.name } : undefined;
    this.queue.acked(entry, answer.version, overwrote);
    this.confirmed.apply(answer.event);
    // Still pending after its own event: an earlier one is missing, and the catch-up brings it.
    const confirmed = this.confirmed.state;
    if (this.queue.includes(entry) && confirmed && answer.version <= confirmed.version) {
      this.settleConfirmed(confirmed.version, entry.opId);
    }
  }

  private accepted = (entry: PendingPlanOp) => {
    this.hooks.accepted(entry);
    if (entry.state === 'sending') {
      this.confirmedInFlight = entry;
      return;
    }
    this.answerAccepted(entry);
  };

  /**
   * `entry` was in flight and its event already confirmed it: its answer (none when delivery
   * failed) can only add whose change it replaced. False for any other edit.
   */
  private answerConfirmed(entry: PendingPlanOp | null, answer: PlanOpResult | undefined): boolean {
    if (!entry || entry !== this.confirmedInFlight) {
      return false;
    }
    this.confirmedInFlight = null;
    if (answer?.ok && 'overwrote' in answer && answer.overwrote) {
      entry.overwrote = { name: answer.overwrote.name };
    }
    this.answerAccepted(entry);
    return true;
  }

  private answerAccepted(entry: PendingPlanOp) {
    this.waiters.settle(
      entry.opId,
      entry.overwrote ? { ok: true, overwrote: { ...entry.overwrote, opId: entry.opId } } : { ok: true },
    );
  }
}
