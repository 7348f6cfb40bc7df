import {
  planEventSchema,
  planHeadSchema,
  planMessages,
  type PlanDocument,
  type PlanEvent,
  type PlanOperationInput,
} from '@datebook/contracts';
import { planStateFromDocument } from '../plan-document';
import { planPerson } from '../plan-names';
import type { PlanState } from '../plan-state';
import { ConfirmedPlan, PLAN_GAP_GRACE_MS } from './confirmed-plan';
import { PlanCatchUp } from './plan-catch-up';
import type { PlanChannel } from './plan-channel';
import { PlanOutbox, type SubmitOptions } from './plan-outbox';
import { PlanScreen } from './plan-screen';
import type { ChangedWhileTyping, PlanSnapshot } from './plan-snapshot';
import type { PlanSubmitResult, PlanUndoResult } from './plan-sync-results';
import { PlanSyncSession, type PlanSyncOptions } from './plan-sync-session';
import { PlanTyping } from './plan-typing';
import { PlanUndo } from './plan-undo';

export { PLAN_GAP_GRACE_MS } from './confirmed-plan';
export type { PlanSyncOptions } from './plan-sync-session';

/**
 * A plan being edited (design: Client): confirmed server state, advanced only by events applied
 * strictly in version order, with the member's pending operations applied on top, so edits show at
 * once. One operation is in flight at a time; a refusal rolls it back with the spec's alert, a
 * failed delivery keeps it and retries with the same op id, a missed event triggers a catch-up.
 * Pure TypeScript: the browser and the Node convergence tests run this same algorithm.
 *
 * This class wires its parts, each testable alone: ConfirmedPlan (events in version order, held
 * events, gap healing), PlanOutbox (the edits on their way out), PlanCatchUp (join and catch-up),
 * PlanUndo, and the PlanScreen the screens subscribe to; what they share is the PlanSyncSession.
 */
export class PlanSync {
  readonly planId: string;
  /** The edits an earlier page left in the store are back in the queue (and go out first). */
  readonly restored: Promise<void>;
  private readonly onEvent: (event: PlanEvent) => void;
  private readonly session: PlanSyncSession;
  private readonly confirmed: ConfirmedPlan;
  private readonly outbox: PlanOutbox;
  private readonly joins: PlanCatchUp;
  private readonly undos: PlanUndo;
  private readonly typing = new PlanTyping();
  private readonly screen: PlanScreen;

  constructor(options: PlanSyncOptions) {
    this.planId = options.planId;
    this.onEvent = options.onEvent ?? (() => undefined);
    const session = new PlanSyncSession(options, () => {
      void this.catchUp();
      void this.outbox.pump();
    });
    this.session = session;
    this.confirmed = new ConfirmedPlan(
      {
        live: () => session.phase === 'ready',
        applied: (event, before, after) => this.applied(event, before, after),
        taken: (event) => this.taken(event),
        gapOutlived: () => this.joins.healGap(),
      },
      options.gapGraceMs ?? PLAN_GAP_GRACE_MS,
    );
    this.outbox = new PlanOutbox(session, this.confirmed, options.store, {
      joinPending: () => this.joins.joinPending,
      adoptCanonical: (document) => {
        this.screen.document = document;
        this.adopt(planStateFromDocument(document));
      },
      end: (phase, message) => this.end(phase, message),
      failed: (channel) => this.failed(channel),
      accepted: (entry) => this.undos.record(entry),
      typingSince: (registers) => this.typing.seenVersion(registers),
      changed: () => this.screen.changed(),
    });
    this.joins = new PlanCatchUp(session, this.confirmed, {
      snapshot: (document) => this.takeSnapshot(document),
      end: (phase, message) => this.end(phase, message),
      changed: () => this.screen.changed(),
      failed: (channel) => this.failed(channel),
      pump: () => void this.outbox.pump(),
    });
    this.undos = new PlanUndo({
      view: () => this.outbox.view(),
      submit: (inverse, opId) => this.outbox.enqueue(inverse, { undoes: opId }, false),
      changed: () => this.screen.changed(),
    });
    this.screen = new PlanScreen(() => ({
      phase: session.phase,
      plan: this.outbox.view(),
      role: session.role,
      connection: session.link.connection,
      pendingCount: this.outbox.queue.length,
      canUndo: this.undos.canUndo,
      changedWhileTyping: this.changedWhileTyping(),
    }));
    this.restored = this.outbox.queue.restored.then(() => {
      this.screen.changed();
      void this.outbox.pump();
    });
  }

  subscribe = (listener: () => void) => this.screen.subscribe(listener);

  getSnapshot = (): PlanSnapshot => this.screen.getSnapshot();

  /** The plan as the api sent it; taken when it is newer than what is confirmed. */
  load(document: PlanDocument) {
    if (document.id !== this.planId) {
      return;
    }
    this.screen.document = document;
    this.session.role = document.viewerRole;
    this.screen.publishedDateId = document.publishedDateId ?? this.screen.publishedDateId;
    this.screen.meet([ownerOf(document), ...document.collaborators]);
    const confirmed = this.confirmed.state;
    if (!confirmed || document.version > confirmed.version) {
      this.adopt(planStateFromDocument(document));
    }
    if (this.session.phase === 'loading') {
      this.session.phase = 'ready';
    }
    this.screen.changed();
    void this.joins.ifBehind();
    void this.outbox.pump();
  }

  /** The way to the api from now on; null while there is none (edits wait, nothing is lost). */
  setChannel(channel: PlanChannel | null) {
    this.joins.useChannel(channel);
  }

  /** Whether the device has a network: offline, edits keep queueing and nothing is attempted. */
  setOnline(online: boolean) {
    if (this.joins.setOnline(online)) {
      this.screen.changed();
    }
  }

  /** A `plan.event` from the room; anything malformed or for another plan is dropped. */
  receive(payload: unknown) {
    const parsed = planEventSchema.safeParse(payload);
    if (parsed.success && parsed.data.planId === this.planId) {
      this.confirmed.apply(parsed.data);
      this.screen.changed();
    }
  }

  /** A `plan.head`: the server is past the confirmed version, so an event was missed. */
  head(payload: unknown) {
    const parsed = planHeadSchema.safeParse(payload);
    const confirmed = this.confirmed.state;
    if (
      parsed.success &&
      parsed.data.planId === this.planId &&
      confirmed &&
      parsed.data.version > confirmed.version
    ) {
      void this.catchUp();
    }
  }

  /** `plan.access {revoked}`: this member was removed, so nothing more of theirs can apply. */
  revoke() {
    this.end('revoked', planMessages.accessRevoked);
  }

  published(dateId: string) {
    this.screen.publishedDateId = dateId;
    this.screen.changed();
  }

  /** Sends one edit: applied on screen at once, confirmed or rolled back when the server answers. */
  submit(input: PlanOperationInput, options: SubmitOptions = {}): Promise<PlanSubmitResult> {
    return this.outbox.enqueue(input, options, true);
  }

  /** Undoes the member's own latest accepted edit that has an undo, as a new edit. */
  undo(): Promise<PlanUndoResult> {
    return this.undos.latest();
  }

  /** Undoes one given own edit (the conflict notice's Undo). */
  undoOp(opId: string): Promise<PlanUndoResult> {
    return this.undos.op(opId);
  }

  /**
   * The member began typing in the field of `register` (a plan register such as `plan.title`),
   * which from now on shows what they type rather than what arrives: their edit is then compared
   * with what they saw before they began, and the screen hears who changes the register meanwhile.
   */
  startTyping(register: string) {
    const seen = this.outbox.lastSeen([register]);
    if (seen !== undefined) {
      this.typing.start(register, seen);
    }
  }

  /** The field of `register` shows the plan again: what was typed is submitted (call after), or dropped. */
  stopTyping(register: string) {
    if (this.typing.stop(register)) {
      this.screen.changed();
    }
  }

  /**
   * Asks for what happened since the confirmed version (over the socket, `plan.join`, which also
   * enters the room) and applies it. Called on (re)connect and whenever an event was missed.
   */
  catchUp(): Promise<void> {
    return this.joins.run();
  }

  /** The screen closed (or, in development, remounts): stop retrying until a channel is set again. */
  dispose() {
    this.session.disposed = true;
    this.session.channel = null;
    this.session.retry.cancel();
    this.confirmed.stopHealing();
  }

  private changedWhileTyping(): ReadonlyMap<string, ChangedWhileTyping> {
    return new Map(
      [...this.typing.changed()].map(([register, { actorId, plan }]) => [
        register,
        { name: this.screen.nameOf(actorId), plan },
      ]),
    );
  }

  /** A catch-up's snapshot: taken unless confirmed state is already past it. */
  private takeSnapshot(document: PlanDocument) {
    this.screen.document = document;
    this.screen.meet(document.collaborators);
    const confirmed = this.confirmed.state;
    if (!confirmed || document.version >= confirmed.version) {
      this.adopt(planStateFromDocument(document));
      this.confirmed.applyHeld();
    }
  }

  private applied(event: PlanEvent, before: PlanState, after: PlanState) {
    this.screen.meet(event.people ?? []);
    this.typing.learn(event, before, after, this.session.userId);
    this.undos.learn(this.outbox.queue.find(event.opId), event, before, after, this.session.actor);
    this.onEvent(event);
  }

  /** The member's own op reached confirmed state (by its event, or a version at or past its ack). */
  private taken(event: PlanEvent) {
    const confirmed = this.confirmed.state;
    this.outbox.settleConfirmed(confirmed?.version ?? 0, event.opId);
    if (confirmed?.deleted) {
      this.end('gone', planMessages.notFound);
    }
  }

  /** A snapshot replaces confirmed state; edits it already contains leave the queue. */
  private adopt(state: PlanState) {
    this.confirmed.adopt(state);
    this.outbox.settleConfirmed(state.version);
  }

  /** Not delivered: on the same way, wait (longer each time); on a newer way, try it at once. */
  private failed(channel: PlanChannel) {
    if (this.session.disposed) {
      return;
    }
    this.screen.changed();
    if (channel === this.session.channel) {
      this.session.retry.failed();
    } else {
      void this.joins.ifBehind();
      void this.outbox.pump();
    }
  }

  /** Editing ended for good: what was pending fails with `message` and is forgotten, stored too. */
  private end(phase: 'revoked' | 'gone', message: string) {
    this.session.phase = phase;
    this.outbox.close(message);
    this.undos.clear();
    this.typing.clear();
    this.confirmed.forgetHeld();
    this.session.link.reset();
    this.session.retry.cancel();
    this.screen.changed();
  }
}

function ownerOf(document: PlanDocument) {
  const { owner } = document;
  return planPerson({
    id: owner.id,
    displayName: owner.displayName,
    username: owner.username,
    avatarUrl: owner.avatarUrl,
  });
}
