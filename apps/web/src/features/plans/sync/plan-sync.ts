import {
  messages,
  planEventSchema,
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
import {
  applyPlanEvent,
  applyPlanOperation,
  planAlert,
  planStateFromDocument,
  type PlanOpFacts,
  type PlanState,
} from '@datebook/domain';
import { PlanTransientError, type PlanCatchUpAnswer, type PlanChannel } from './plan-channel';
import { newOpId, TAB_CLIENT_ID } from './op-ids';

/** After a failed delivery, the queue tries again this much later (or at once on reconnect). */
export const PLAN_RETRY_MS = 2_000;

export type PlanSubmitResult =
  | { ok: true; /** Whose newer change this edit replaced, when it did. */ overwrote?: { name: string } }
  | { ok: false; message: string; alert: string };

/**
 * One of this member's edits not yet confirmed. `queued` waits its turn, `sending` is the one op in
 * flight, `acked` was accepted at `version` but confirmed state has not reached it yet (an earlier
 * event is still on its way). Plain data, so the queue can later be persisted for offline use.
 */
export interface PendingPlanOp {
  opId: string;
  op: PlanOperation;
  facts?: PlanOpFacts;
  state: 'queued' | 'sending' | 'acked';
  version?: number;
  overwrote?: { name: string };
}

export type PlanPhase = 'loading' | 'ready' | 'revoked' | 'gone';

/** What the screens render: confirmed state with the pending edits on top. */
export interface PlanSnapshot {
  phase: PlanPhase;
  /** The plan as this member sees it, their pending edits applied. */
  plan: PlanState | null;
  document: PlanDocument | null;
  role: PlanRole;
  people: ReadonlyMap<string, PlanPerson>;
  publishedDateId: string | null;
  /** An edit could not be delivered and is being retried. */
  reconnecting: boolean;
  pendingCount: number;
}

interface Waiter {
  resolve: (result: PlanSubmitResult) => void;
}

/**
 * A plan being edited (design: Client): confirmed server state, advanced only by events applied
 * strictly in version order, with the member's pending operations applied on top, so edits show at
 * once. One operation is in flight at a time; a refusal rolls it back with the spec's alert, a
 * failed delivery keeps it and retries with the same op id, a missed event triggers a catch-up.
 */
export class PlanSync {
  private confirmed: PlanState | null = null;
  private document: PlanDocument | null = null;
  private role: PlanRole = 'collaborator';
  private people = new Map<string, PlanPerson>();
  private pending: PendingPlanOp[] = [];
  private waiters = new Map<string, Waiter[]>();
  private phase: PlanPhase = 'loading';
  private publishedDateId: string | null = null;
  private reconnecting = false;
  private channel: PlanChannel | null = null;
  private sending = false;
  private joining = false;
  private joinAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Over a socket, the room is (re)entered by the next catch-up. */
  private mustJoin = false;
  private disposed = false;
  private listeners = new Set<() => void>();
  private cached: PlanSnapshot | null = null;

  constructor(
    readonly planId: string,
    private readonly userId: string,
    /** Called with each event applied to confirmed state (lists refresh, the Date opens). */
    private readonly onEvent: (event: PlanEvent) => void = () => undefined,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): PlanSnapshot => {
    this.cached ??= {
      phase: this.phase,
      plan: this.view(),
      document: this.document,
      role: this.role,
      people: this.people,
      publishedDateId: this.publishedDateId,
      reconnecting: this.reconnecting,
      pendingCount: this.pending.length,
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
    if (this.mustJoin) {
      void this.catchUp();
    }
    void this.pump();
  }

  /** The way to the api from now on; null while there is none (edits wait, nothing is lost). */
  setChannel(channel: PlanChannel | null) {
    this.disposed = false;
    this.channel = channel;
    this.mustJoin = channel?.kind === 'socket';
    if (channel) {
      void this.catchUpIfJoining();
      void this.pump();
    }
  }

  private catchUpIfJoining() {
    return this.mustJoin ? this.catchUp() : Promise.resolve();
  }

  /** A `plan.event` from the room; anything malformed or for another plan is dropped. */
  receive(payload: unknown) {
    const parsed = planEventSchema.safeParse(payload);
    if (parsed.success && parsed.data.planId === this.planId) {
      this.applyEvent(parsed.data);
      this.changed();
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

  /**
   * Sends one edit: applied on screen at once, confirmed or rolled back when the server answers.
   * `opId` names the intent: a retry of the same intent (a second click on Date Completed) passes
   * the same one and shares the first attempt's answer.
   */
  submit(
    input: PlanOperationInput,
    options: { facts?: PlanOpFacts; opId?: string } = {},
  ): Promise<PlanSubmitResult> {
    const opId = options.opId ?? newOpId();
    const parsed = planOperationSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messages.errors.validation;
      return Promise.resolve(this.refusal(input as PlanOperation, message));
    }
    const op = parsed.data;
    if (this.pending.some((entry) => entry.opId === opId)) {
      return this.wait(opId);
    }
    const base = this.view();
    if (this.phase !== 'ready' || !base) {
      const message = this.phase === 'revoked' ? planMessages.accessRevoked : planMessages.notFound;
      return Promise.resolve(this.refusal(op, message));
    }
    const outcome = applyPlanOperation(base, op, this.actor(), { now: new Date(), facts: options.facts });
    if (!outcome.ok) {
      return Promise.resolve(this.refusal(op, outcome.message));
    }
    this.pending.push({ opId, op, state: 'queued', ...(options.facts ? { facts: options.facts } : {}) });
    const result = this.wait(opId);
    this.changed();
    void this.pump();
    return result;
  }

  /**
   * Asks for what happened since the confirmed version (over the socket, `plan.join`, which also
   * enters the room) and applies it. Called on (re)connect and whenever an event was missed.
   */
  async catchUp(): Promise<void> {
    const channel = this.channel;
    if (!channel || !this.confirmed || this.disposed || this.phase !== 'ready') {
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
      if (error instanceof PlanTransientError) {
        this.retryLater();
        return;
      }
      throw error;
    }
    this.joining = false;
    if (this.disposed || channel !== this.channel) {
      return;
    }
    if (channel.kind === 'socket') {
      this.mustJoin = false;
    }
    this.takeCatchUp(answer);
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
    clearTimeout(this.retryTimer);
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
      }
    } else {
      for (const event of [...answer.events].sort((a, b) => a.version - b.version)) {
        this.applyEvent(event);
      }
    }
    this.changed();
  }

  private applyEvent(event: PlanEvent) {
    if (!this.confirmed) {
      return;
    }
    const result = applyPlanEvent(this.confirmed, event);
    if (result.status === 'gap') {
      void this.catchUp();
      return;
    }
    if (result.status === 'applied') {
      this.confirmed = result.state;
      for (const person of event.people ?? []) {
        this.people.set(person.id, person);
      }
      this.onEvent(event);
    }
    this.settleConfirmed(event.opId);
    if (this.confirmed.deleted) {
      this.end('gone', planMessages.notFound);
    }
  }

  /** A snapshot replaces confirmed state; edits it already contains leave the queue. */
  private adopt(state: PlanState) {
    this.confirmed = state;
    this.pending = this.pending.filter((entry) => {
      const contained = entry.state === 'acked' && (entry.version ?? 0) <= state.version;
      if (contained) {
        this.resolve(entry.opId, { ok: true });
      }
      return !contained;
    });
  }

  /** The member's own op reached confirmed state (by its event, or a version at or past its ack). */
  private settleConfirmed(opId: string) {
    const version = this.confirmed?.version ?? 0;
    this.pending = this.pending.filter((entry) => {
      const done = entry.opId === opId || (entry.state === 'acked' && (entry.version ?? 0) <= version);
      if (done) {
        this.resolve(entry.opId, entry.overwrote ? { ok: true, overwrote: entry.overwrote } : { ok: true });
      }
      return !done;
    });
  }

  private async pump(): Promise<void> {
    const channel = this.channel;
    if (this.sending || !channel || this.disposed || this.phase !== 'ready' || !this.confirmed) {
      return;
    }
    const next = this.pending.find((entry) => entry.state === 'queued');
    if (!next) {
      return;
    }
    this.sending = true;
    next.state = 'sending';
    let answer: PlanOpResult;
    try {
      answer = await channel.send({
        opId: next.opId,
        clientId: TAB_CLIENT_ID,
        baseVersion: this.confirmed.version,
        op: next.op,
      });
    } catch (error) {
      this.sending = false;
      next.state = 'queued';
      if (!(error instanceof PlanTransientError)) {
        throw error;
      }
      this.reconnecting = true;
      this.changed();
      this.retryLater();
      return;
    }
    this.sending = false;
    this.reconnecting = false;
    if (!this.disposed) {
      this.settle(next, answer);
      this.changed();
      void this.pump();
    }
  }

  private settle(entry: PendingPlanOp, answer: PlanOpResult) {
    if (!answer.ok) {
      this.pending = this.pending.filter((other) => other !== entry);
      this.resolve(entry.opId, this.refusal(entry.op, answer.message));
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
    if (!this.pending.includes(entry)) {
      // Its event came first and already settled it.
      return;
    }
    entry.state = 'acked';
    entry.version = answer.version;
    if ('overwrote' in answer && answer.overwrote) {
      entry.overwrote = { name: answer.overwrote.name };
    }
    this.applyEvent(answer.event);
    // Still pending after its own event: an earlier one is missing, and the catch-up brings it.
    if (this.pending.includes(entry) && this.confirmed && answer.version <= this.confirmed.version) {
      this.settleConfirmed(entry.opId);
    }
  }

  private retryLater() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      void this.catchUp();
      void this.pump();
    }, PLAN_RETRY_MS);
  }

  private end(phase: 'revoked' | 'gone', message: string) {
    this.phase = phase;
    for (const entry of this.pending) {
      this.resolve(entry.opId, this.refusal(entry.op, message));
    }
    this.pending = [];
    this.reconnecting = false;
    clearTimeout(this.retryTimer);
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
    return this.pending.reduce<PlanState>((state, entry) => {
      const outcome = applyPlanOperation(state, entry.op, this.actor(), { now, facts: entry.facts });
      return outcome.ok ? { ...outcome.state, version: state.version } : state;
    }, this.confirmed);
  }

  private refusal(op: PlanOperation, message: string): PlanSubmitResult {
    return { ok: false, message, alert: planAlert(op, message) };
  }

  private wait(opId: string): Promise<PlanSubmitResult> {
    return new Promise((resolve) => {
      this.waiters.set(opId, [...(this.waiters.get(opId) ?? []), { resolve }]);
    });
  }

  private resolve(opId: string, result: PlanSubmitResult) {
    for (const waiter of this.waiters.get(opId) ?? []) {
      waiter.resolve(result);
    }
    this.waiters.delete(opId);
  }

  private changed() {
    this.cached = null;
    for (const listener of this.listeners) {
      listener();
    }
  }
}
