import {
  messages,
  planEventSchema,
  planHeadSchema,
  planMessages,
  planOperationSchema,
  type PlanDocument,
  type PlanEvent,
  type PlanOperation,
  type PlanOperationInput,
  type PlanOpResult,
  type PlanPerson,
  type PlanRole,
} from '@datebook/contracts';
import { applyPlanOperation, type PlanOpFacts } from '../apply-plan-operation';
import { planAlert } from '../plan-alerts';
import { applyPlanEvent } from '../plan-changes';
import { planStateFromDocument } from '../plan-document';
import type { PlanState } from '../plan-state';
import { ConnectionState } from './connection-state';
import { HeldEvents } from './held-events';
import { newOpId } from './op-ids';
import { PlanTransientError, type PlanCatchUpAnswer, type PlanChannel } from './plan-channel';
import type { PlanQueueStore } from './plan-queue-store';
import type { PlanPhase, PlanSnapshot } from './plan-snapshot';
import type { PlanSubmitResult, PlanUndoResult } from './plan-sync-results';
import { PendingPlanQueue, type PendingPlanOp } from './pending-queue';
import { PLAN_RETRY_MS, RetrySchedule } from './retry-schedule';
import { SubmitWaiters } from './submit-waiters';
import { stillHolds, undoableEdit, UndoHistory, type UndoableEdit } from './undo-history';

export interface PlanSyncOptions {
  planId: string;
  userId: string;
  /** This tab (or test client), as the server tells its edits apart from another's of the member. */
  clientId: string;
  /** Where unsent edits survive a reload; without one they live as long as this object. */
  store?: PlanQueueStore;
  /** Called with each event applied to confirmed state (lists refresh, the Date opens). */
  onEvent?: (event: PlanEvent) => void;
  /** The first wait before a retry; it doubles on each failure in a row, up to 30 s. */
  retryMs?: number;
  /** How long a version gap may last before a catch-up heals it (PLAN_GAP_GRACE_MS). */
  gapGraceMs?: number;
}

/**
 * Events of one plan can reach a socket out of order by a few milliseconds across api replicas;
 * a gap still open after this long means an event was lost, and a catch-up brings it.
 */
export const PLAN_GAP_GRACE_MS = 250;

interface SubmitOptions {
  facts?: PlanOpFacts;
  /** The intent's op id: a retry of the same intent passes it again and shares the first answer. */
  opId?: string;
  /** Called at once when the edit passed the rules and is on screen, waiting to be delivered. */
  onQueued?: () => void;
}

/**
 * A plan being edited (design: Client): confirmed server state, advanced only by events applied
 * strictly in version order, with the member's pending operations applied on top, so edits show at
 * once. One operation is in flight at a time; a refusal rolls it back with the spec's alert, a
 * failed delivery keeps it and retries with the same op id, a missed event triggers a catch-up.
 * Pure TypeScript: the browser and the Node convergence tests run this same algorithm.
 */
export class PlanSync {
  readonly planId: string;
  /** The edits an earlier page left in the store are back in the queue (and go out first). */
  readonly restored: Promise<void>;
  private readonly userId: string;
  private readonly clientId: string;
  private readonly onEvent: (event: PlanEvent) => void;
  private confirmed: PlanState | null = null;
  private document: PlanDocument | null = null;
  private role: PlanRole = 'collaborator';
  private people = new Map<string, PlanPerson>();
  private readonly queue: PendingPlanQueue;
  private readonly waiters = new SubmitWaiters();
  private readonly history = new UndoHistory();
  private readonly retry: RetrySchedule;
  private readonly held = new HeldEvents();
  private readonly gapGraceMs: number;
  private gapTimer: ReturnType<typeof setTimeout> | undefined;
  private phase: PlanPhase = 'loading';
  private publishedDateId: string | null = null;
  private readonly link = new ConnectionState();
  private channel: PlanChannel | null = null;
  private sending = false;
  private joining = false;
  private joinAgain = false;
  /** Over a socket, the room is (re)entered by the next catch-up. */
  private mustJoin = false;
  private disposed = false;
  private listeners = new Set<() => void>();
  private cached: PlanSnapshot | null = null;

  constructor(options: PlanSyncOptions) {
    this.planId = options.planId;
    this.userId = options.userId;
    this.clientId = options.clientId;
    this.onEvent = options.onEvent ?? (() => undefined);
    this.gapGraceMs = options.gapGraceMs ?? PLAN_GAP_GRACE_MS;
    this.retry = new RetrySchedule(options.retryMs ?? PLAN_RETRY_MS, () => {
      void this.catchUp();
      void this.pump();
    });
    this.queue = new PendingPlanQueue(options.store, this.planId, this.userId);
    this.restored = this.queue.restored.then(() => {
      this.changed();
      void this.pump();
    });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): PlanSnapshot => {
    if (this.cached) {
      return this.cached;
    }
    const connection = this.link.connection;
    this.cached = {
      phase: this.phase,
      plan: this.view(),
      document: this.document,
      role: this.role,
      people: this.people,
      publishedDateId: this.publishedDateId,
      connection,
      reconnecting: connection === 'reconnecting',
      pendingCount: this.queue.length,
      canUndo: this.history.canUndo,
    };
    return this.cached;
  };

  /** The plan as the api sent it; taken when it is newer than what is confirmed. */
  load(document: PlanDocument) {
    if (document.id !== this.planId) {
      return;
    }
    this.document = document;
    this.role = document.viewerRole;
    this.publishedDateId = document.publishedDateId ?? this.publishedDateId;
    for (const person of document.collaborators) {
      this.people.set(person.id, person);
    }
    if (!this.confirmed || document.version > this.confirmed.version) {
      this.adopt(planStateFromDocument(document));
    }
    if (this.phase === 'loading') {
      this.phase = 'ready';
    }
    this.changed();
    void this.catchUpIfBehind();
    void this.pump();
  }

  /** The way to the api from now on; null while there is none (edits wait, nothing is lost). */
  setChannel(channel: PlanChannel | null) {
    this.disposed = false;
    this.channel = channel;
    this.mustJoin = channel?.kind === 'socket';
    if (channel) {
      this.retry.cancel();
      void this.catchUpIfBehind();
      void this.pump();
    }
  }

  /** Whether the device has a network: offline, edits keep queueing and nothing is attempted. */
  setOnline(online: boolean) {
    if (online === this.link.online) {
      return;
    }
    this.link.online = online;
    if (online && (this.phase === 'loading' || this.phase === 'ready')) {
      this.link.cameBack();
      this.retry.cancel();
      void this.catchUp();
      void this.pump();
    }
    this.changed();
  }

  /** A `plan.event` from the room; anything malformed or for another plan is dropped. */
  receive(payload: unknown) {
    const parsed = planEventSchema.safeParse(payload);
    if (parsed.success && parsed.data.planId === this.planId) {
      this.applyEvent(parsed.data);
      this.changed();
    }
  }

  /** A `plan.head`: the server is past the confirmed version, so an event was missed. */
  head(payload: unknown) {
    const parsed = planHeadSchema.safeParse(payload);
    if (
      parsed.success &&
      parsed.data.planId === this.planId &&
      this.confirmed &&
      parsed.data.version > this.confirmed.version
    ) {
      void this.catchUp();
    }
  }

  /** `plan.access {revoked}`: this member was removed, so nothing more of theirs can apply. */
  revoke() {
    this.end('revoked', planMessages.accessRevoked);
  }

  published(dateId: string) {
    this.publishedDateId = dateId;
    this.changed();
  }

  /** Sends one edit: applied on screen at once, confirmed or rolled back when the server answers. */
  submit(input: PlanOperationInput, options: SubmitOptions = {}): Promise<PlanSubmitResult> {
    return this.enqueue(input, options, true);
  }

  /** Undoes the member's own latest accepted edit that has an undo, as a new edit. */
  undo(): Promise<PlanUndoResult> {
    return this.undoEdit(this.history.takeLatest());
  }

  /** Undoes one given own edit (the conflict notice's Undo). */
  undoOp(opId: string): Promise<PlanUndoResult> {
    return this.undoEdit(this.history.take(opId));
  }

  /**
   * Asks for what happened since the confirmed version (over the socket, `plan.join`, which also
   * enters the room) and applies it. Called on (re)connect and whenever an event was missed.
   */
  async catchUp(): Promise<void> {
    const channel = this.channel;
    if (!channel || !this.confirmed || this.disposed || !this.link.online || this.phase !== 'ready') {
      return;
    }
    if (this.joining) {
      this.joinAgain = true;
      return;
    }
    this.joining = true;
    let answer: PlanCatchUpAnswer;
    try {
      answer = await channel.catchUp(this.confirmed.version);
    } catch (error) {
      this.joining = false;
      if (!(error instanceof PlanTransientError)) {
        throw error;
      }
      this.link.notCaughtUp();
      this.failed(channel);
      return;
    }
    this.joining = false;
    const current = !this.disposed && channel === this.channel;
    if (current) {
      if (channel.kind === 'socket') {
        this.mustJoin = false;
      }
      this.link.caughtUp();
      if (this.link.sendsClear) {
        this.retry.succeeded();
      }
      this.takeCatchUp(answer);
      if (this.held.size > 0) {
        this.healGapLater();
      }
    }
    if (this.joinAgain) {
      this.joinAgain = false;
      void this.catchUp();
    }
    void this.pump();
  }

  /** The screen closed (or, in development, remounts): stop retrying until a channel is set again. */
  dispose() {
    this.disposed = true;
    this.channel = null;
    this.retry.cancel();
    this.stopGapTimer();
  }

  private enqueue(
    input: PlanOperationInput,
    options: SubmitOptions,
    undoable: boolean,
  ): Promise<PlanSubmitResult> {
    const opId = options.opId ?? newOpId();
    const parsed = planOperationSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messages.errors.validation;
      return Promise.resolve(this.refusal(input as PlanOperation, message));
    }
    const op = parsed.data;
    if (this.queue.find(opId)) {
      options.onQueued?.();
      return this.waiters.wait(opId);
    }
    const base = this.view();
    if (this.phase !== 'ready' || !base || !this.confirmed) {
      const message = this.phase === 'revoked' ? planMessages.accessRevoked : planMessages.notFound;
      return Promise.resolve(this.refusal(op, message));
    }
    const now = new Date();
    const outcome = applyPlanOperation(base, op, this.actor(), { now, facts: options.facts });
    if (!outcome.ok) {
      return Promise.resolve(this.refusal(op, outcome.message));
    }
    const entry: PendingPlanOp = {
      opId,
      op,
      ...(options.facts ? { facts: options.facts } : {}),
      baseVersion: this.confirmed.version,
      madeAt: now.toISOString(),
      state: 'queued',
      undoable,
      ...(undoable && outcome.inverse ? { undo: undoableEdit(opId, outcome.inverse, outcome.state) } : {}),
    };
    const result = this.waiters.wait(opId);
    const replaced = this.queue.add(entry);
    if (replaced) {
      this.waiters.move(replaced.opId, opId);
    }
    this.changed();
    options.onQueued?.();
    void this.pump();
    return result;
  }

  private async undoEdit(edit: UndoableEdit | undefined): Promise<PlanUndoResult> {
    if (!edit) {
      return { status: 'nothing' };
    }
    this.changed();
    const current = this.view();
    if (!current || !stillHolds(edit, current)) {
      return { status: 'skipped' };
    }
    const result = await this.enqueue(edit.inverse, {}, false);
    return result.ok
      ? { status: 'undone' }
      : { status: 'refused', message: result.message, alert: result.alert };
  }

  private catchUpIfBehind() {
    return this.mustJoin || this.link.behind ? this.catchUp() : Promise.resolve();
  }

  private takeCatchUp(answer: PlanCatchUpAnswer) {
    if ('denied' in answer) {
      // The api answers a removed collaborator as it answers a stranger (it never says that a plan
      // exists). One who missed `plan.access` while away learns it here: to them, access ended.
      if (this.confirmed && this.role === 'collaborator') {
        this.end('revoked', planMessages.accessRevoked);
      } else {
        this.end(answer.denied === 'NOT_FOUND' ? 'gone' : 'revoked', answer.message);
      }
      return;
    }
    this.role = answer.role;
    if ('snapshot' in answer) {
      this.document = answer.snapshot;
      for (const person of answer.snapshot.collaborators) {
        this.people.set(person.id, person);
      }
      if (!this.confirmed || answer.snapshot.version >= this.confirmed.version) {
        this.adopt(planStateFromDocument(answer.snapshot));
        this.applyHeld();
      }
    } else {
      for (const event of [...answer.events].sort((a, b) => a.version - b.version)) {
        this.applyEvent(event);
      }
    }
    this.changed();
  }

  /** Applies `event` and then every held event it makes next in line. */
  private applyEvent(event: PlanEvent) {
    this.applyOne(event);
    this.applyHeld();
  }

  private applyHeld() {
    let next = this.nextHeld();
    while (next) {
      this.applyOne(next);
      next = this.nextHeld();
    }
    if (this.held.size === 0) {
      this.stopGapTimer();
    }
  }

  private nextHeld(): PlanEvent | undefined {
    return this.confirmed && this.phase === 'ready' ? this.held.takeAfter(this.confirmed.version) : undefined;
  }

  private applyOne(event: PlanEvent) {
    const before = this.confirmed;
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
      this.confirmed = result.state;
      for (const person of event.people ?? []) {
        this.people.set(person.id, person);
      }
      this.learnUndo(event, before, result.state);
      this.onEvent(event);
    }
    this.settleConfirmed(event.opId);
    if (this.confirmed?.deleted) {
      this.end('gone', planMessages.notFound);
    }
  }

  /**
   * The member's own edit applied as the server ordered it: undo restores what was there just
   * before it (someone else's newer value it replaced included), not what the screen showed.
   */
  private learnUndo(event: PlanEvent, before: PlanState, after: PlanState) {
    const own = this.queue.find(event.opId);
    if (!own?.undoable) {
      return;
    }
    const context = { now: new Date(event.at), facts: own.facts };
    const outcome = applyPlanOperation(before, own.op, this.actor(), context);
    if (outcome.ok) {
      own.undo = outcome.inverse ? undoableEdit(own.opId, outcome.inverse, after) : undefined;
    }
  }

  /**
   * A gap that outlives the grace period is healed by a catch-up; one already on its way covers it
   * (and, if a gap is still open after it, the timer starts again).
   */
  private healGapLater() {
    if (this.gapTimer !== undefined) {
      return;
    }
    this.gapTimer = setTimeout(() => {
      this.gapTimer = undefined;
      if (this.held.size > 0 && !this.joining) {
        void this.catchUp();
      }
    }, this.gapGraceMs);
  }

  private stopGapTimer() {
    clearTimeout(this.gapTimer);
    this.gapTimer = undefined;
  }

  /** A snapshot replaces confirmed state; edits it already contains leave the queue. */
  private adopt(state: PlanState) {
    this.confirmed = state;
    const contained = this.queue.removeWhere(
      (entry) => entry.state === 'acked' && (entry.version ?? 0) <= state.version,
    );
    contained.forEach(this.accepted);
  }

  /** The member's own op reached confirmed state (by its event, or a version at or past its ack). */
  private settleConfirmed(opId: string) {
    const version = this.confirmed?.version ?? 0;
    const done = this.queue.removeWhere(
      (entry) => entry.opId === opId || (entry.state === 'acked' && (entry.version ?? 0) <= version),
    );
    done.forEach(this.accepted);
  }

  private accepted = (entry: PendingPlanOp) => {
    if (entry.undoable && entry.undo) {
      this.history.push(entry.undo);
    }
    this.waiters.settle(
      entry.opId,
      entry.overwrote ? { ok: true, overwrote: { ...entry.overwrote, opId: entry.opId } } : { ok: true },
    );
  };

  private async pump(): Promise<void> {
    const channel = this.channel;
    // Over a socket, nothing is sent before the (re)join has answered: the missed events settle an
    // edit that was applied before the drop, so it is not resent just to be told it is a duplicate.
    const blocked =
      this.sending ||
      this.mustJoin ||
      this.disposed ||
      !this.link.online ||
      this.queue.isRestoring ||
      this.retry.waiting;
    if (blocked || !channel || this.phase !== 'ready' || !this.confirmed) {
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
        clientId: this.clientId,
        baseVersion: next.baseVersion,
        op: next.op,
      });
    } catch (error) {
      this.sending = false;
      this.queue.requeue(next);
      if (!(error instanceof PlanTransientError)) {
        throw error;
      }
      this.link.notSent();
      this.failed(channel);
      return;
    }
    this.sending = false;
    if (this.disposed) {
      return;
    }
    if (!answer.ok && answer.code === 'RATE_LIMITED') {
      // Not a refusal: the server will take it a little later, under the same op id.
      this.queue.requeue(next);
      this.link.heldBack();
      this.retry.failed();
      return;
    }
    this.link.answered();
    this.retry.succeeded();
    this.settle(next, answer);
    this.changed();
    void this.pump();
  }

  /** Not delivered: on the same way, wait (longer each time); on a newer way, try it at once. */
  private failed(channel: PlanChannel) {
    if (this.disposed) {
      return;
    }
    this.changed();
    if (channel === this.channel) {
      this.retry.failed();
    } else {
      void this.catchUpIfBehind();
      void this.pump();
    }
  }

  private settle(entry: PendingPlanOp, answer: PlanOpResult) {
    if (!answer.ok) {
      this.queue.removeWhere((other) => other === entry);
      this.waiters.settle(entry.opId, this.refusal(entry.op, answer.message));
      if (answer.canonical && this.confirmed && answer.canonical.version >= this.confirmed.version) {
        this.document = answer.canonical;
        this.adopt(planStateFromDocument(answer.canonical));
      }
      if (answer.code === 'FORBIDDEN' && answer.message === planMessages.accessRevoked) {
        this.end('revoked', answer.message);
      } else if (answer.code === 'NOT_FOUND') {
        this.end('gone', answer.message);
      }
      return;
    }
    if (!this.queue.includes(entry)) {
      // Its event came first and already settled it.
      return;
    }
    const overwrote = 'overwrote' in answer && answer.overwrote ? { name: answer.overwrote.name } : undefined;
    this.queue.acked(entry, answer.version, overwrote);
    this.applyEvent(answer.event);
    // Still pending after its own event: an earlier one is missing, and the catch-up brings it.
    if (this.queue.includes(entry) && this.confirmed && answer.version <= this.confirmed.version) {
      this.settleConfirmed(entry.opId);
    }
  }

  /** Editing ended for good: what was pending fails with `message` and is forgotten, stored too. */
  private end(phase: 'revoked' | 'gone', message: string) {
    this.phase = phase;
    for (const entry of this.queue.close()) {
      this.waiters.settle(entry.opId, this.refusal(entry.op, message));
    }
    this.history.clear();
    this.held.clear();
    this.stopGapTimer();
    this.link.reset();
    this.retry.cancel();
    this.changed();
  }

  private actor() {
    return { userId: this.userId, role: this.role };
  }

  /** Confirmed state with every pending edit that still applies on top of it. */
  private view(): PlanState | null {
    if (!this.confirmed) {
      return null;
    }
    const now = new Date();
    return this.queue.all.reduce<PlanState>((state, entry) => {
      const outcome = applyPlanOperation(state, entry.op, this.actor(), { now, facts: entry.facts });
      return outcome.ok ? { ...outcome.state, version: state.version } : state;
    }, this.confirmed);
  }

  private refusal(op: PlanOperation, message: string): PlanSubmitResult {
    return { ok: false, message, alert: planAlert(op, message) };
  }

  private changed() {
    this.cached = null;
    for (const listener of this.listeners) {
      listener();
    }
  }
}
