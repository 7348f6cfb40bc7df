import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  messages,
  planIdSchema,
  planMessages,
  type CreatePlan,
  type PlanChange,
  type PlanDocument,
  type PlanEvent,
  type PlanOperation,
  type PlanOpAccepted,
  type PlanOpRefused,
  type PlanOpRequest,
  type PlanOpResult,
} from '@datebook/contracts';
import {
  noteTransactionId,
  PlanEventsRepository,
  PlanMembersRepository,
  PlansRepository,
  type LockedPlanState,
  type PlanFieldChanges,
} from '@datebook/db';
import { applyPlanOperation, emptyPlanState, planRoleOf, type PlanState } from '@datebook/domain';
import { PLAN_CATCH_UP_EVENTS } from '@datebook/contracts';
import { DomainError, isUniqueViolation, ObjectStorage, ValidationError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import type { ReadyUpload } from '../posts/post-uploads';
import { PlanBroadcast } from './plan-broadcast';
import { PlanCompletion } from './plan-completion';
import { PlanEventRefs, storedPlanEvent } from './plan-event-refs';
import { PlanOpLimits } from './plan-op-limits';
import { PlanOpBatches } from './plan-op-batches';
import { overwriteBase, PlanOpLookups, type PlanOpPrefetch } from './plan-op-lookups';
import { planWrites } from './plan-persistence';
import { isConstraintViolation, planNotFound, refused, refusalError } from './plan-refusals';
import { storedEvent, toPlanDocument, toPlanState } from './plan-view';

/** Where an operation came from, for the logs and the jobs it causes. */
export interface PlanOpOrigin {
  via: 'rest' | 'socket';
  correlationId?: string;
  /** The sending socket: its ack carries the event, so the room's push skips it (design: Protocol). */
  socketId?: string;
}

/** What an applied operation tells the rooms once its transaction has committed. */
interface Applied {
  result: PlanOpAccepted;
  before: PlanState;
  publishedDateId: string | null;
}

/** An operation waiting for its plan's turn, with what was read for it before the lock. */
interface QueuedOp {
  actor: Viewer;
  request: PlanOpRequest;
  uploads: ReadyUpload[];
  prefetched: PlanOpPrefetch;
  origin: PlanOpOrigin;
}

/** The most queued operations of one plan applied under one lock and COMMIT. */
const PLAN_OP_BATCH_MAX = 32;

/** Publishing a Date and deleting the plan end what follows them: each is applied on its own. */
const appliedAlone = ({ request: { op } }: QueuedOp): boolean =>
  op.type === 'plan.delete' || (op.type === 'status.change' && op.to === 'completed');

/**
 * The one code path of every plan change (design: Server). REST and the socket both call `apply`:
 * in one transaction the plan row is locked (the lock is the plan's sequencer across replicas), a
 * replayed op id answers with its stored result, the op is checked by the domain's rules against
 * the plan as it stands and the actor's role on it, its changes are written with `version + 1`,
 * and the event is appended. Only after the commit do the rooms hear of it. Operations that queue
 * for a busy plan share one transaction, each applied to the plan as the one before left it
 * (PlanOpBatches).
 */
@Injectable()
export class PlanOperationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly plans: PlansRepository,
    private readonly members: PlanMembersRepository,
    private readonly events: PlanEventsRepository,
    private readonly completion: PlanCompletion,
    private readonly lookups: PlanOpLookups,
    private readonly limits: PlanOpLimits,
    private readonly broadcast: PlanBroadcast,
    private readonly refs: PlanEventRefs,
    private readonly storage: ObjectStorage,
  ) {}

  private readonly batches = new PlanOpBatches<QueuedOp, Applied | PlanOpResult>({
    run: (planId, items) => this.applyTogether(planId, items),
    alone: appliedAlone,
    max: PLAN_OP_BATCH_MAX,
  });

  /**
   * A new draft from its `plan.create`; the same op id again answers with the plan it made, or, once
   * that plan was deleted, GONE: a late retry never brings a deleted plan back as a new one.
   */
  async create(actor: Viewer, input: CreatePlan): Promise<PlanDocument> {
    const earlier = await this.events.findCreation(actor.sub, input.opId);
    if (earlier) {
      return this.createdBefore(actor, earlier.plan_id);
    }
    await this.limits.admitCreate(actor);
    let planId: string;
    try {
      planId = await this.dataSource.transaction((tx) => this.createIn(tx, actor, input));
    } catch (error) {
      // Two attempts with one op id at once: the key lets one commit; the other answers with it.
      const raced = isUniqueViolation(error)
        ? await this.events.findCreation(actor.sub, input.opId)
        : undefined;
      if (!raced) {
        throw this.asInputError(error);
      }
      return this.createdBefore(actor, raced.plan_id);
    }
    this.broadcast.listsChanged([actor.sub]);
    return this.document(actor, planId);
  }

  private createdBefore(actor: Viewer, planId: string | null): Promise<PlanDocument> {
    if (planId === null) {
      throw refusalError(refused('GONE', planMessages.createdPlanDeleted));
    }
    return this.document(actor, planId);
  }

  /**
   * Applies one operation; a refusal is an answer, not an exception (the socket acks it as is). A
   * member over their limit on the plan gets a RateLimitedError before any database work.
   */
  async apply(
    actor: Viewer,
    rawPlanId: string,
    request: PlanOpRequest,
    origin: PlanOpOrigin,
  ): Promise<PlanOpResult> {
    const parsedId = planIdSchema.safeParse(rawPlanId);
    if (!parsedId.success) {
      return planNotFound();
    }
    const planId = parsedId.data;
    await this.limits.admit(actor, planId);
    // An undo is told as one only when it names a change of the actor's own (read before the
    // lock: a stored event never changes).
    if (request.undoes !== undefined && !(await this.lookups.ownChange(planId, actor, request.undoes))) {
      const { undoes: _dropped, ...edit } = request;
      request = edit;
    }
    const uploads =
      request.op.type === 'status.change' && request.op.to === 'completed'
        ? await this.completion.checkUploads(actor, request.op.publish)
        : [];
    const prefetched = await this.lookups.prefetch(actor, planId, request.op);
    const outcome = await this.batches.submit(planId, { actor, request, uploads, prefetched, origin });
    if ('result' in outcome) {
      return outcome.result;
    }
    if (outcome.ok && 'duplicate' in outcome) {
      // The stored event is bare; its actor gets it as they may see it now.
      const { events } = await this.refs.resolve(planId, actor.sub, [outcome.event]);
      return { ...outcome, event: events[0] ?? outcome.event };
    }
    return outcome;
  }

  /** `apply` for REST: a refusal becomes the api error of its code, with the rule's text. */
  async applyOrThrow(
    actor: Viewer,
    planId: string,
    request: PlanOpRequest,
    origin: PlanOpOrigin,
  ): Promise<PlanOpAccepted> {
    const result = await this.apply(actor, planId, request, origin);
    if (!result.ok) {
      throw refusalError(result);
    }
    return result;
  }

  /** The plan as the actor may see it, for a refusal that says the client's copy is behind. */
  async canonical(actor: Viewer, refusal: PlanOpRefused, planId: string): Promise<PlanOpRefused> {
    if (refusal.code !== 'GONE' && refusal.code !== 'LOCKED' && refusal.code !== 'READ_ONLY') {
      return refusal;
    }
    const row = await this.members.document(planId, actor.sub);
    return row ? { ...refusal, canonical: toPlanDocument(row, this.storage) } : refusal;
  }

  private async createIn(tx: EntityManager, actor: Viewer, input: CreatePlan): Promise<string> {
    const plans = this.plans.in(tx);
    const row = await plans.create(actor.sub, input);
    const op: PlanOperation = {
      type: 'plan.create',
      title: input.title,
      date: input.date,
      timeZone: input.timeZone,
    };
    const outcome = applyPlanOperation(
      emptyPlanState(row.id, actor.sub),
      op,
      { userId: actor.sub, role: 'owner' },
      { now: new Date() },
    );
    if (!outcome.ok) {
      throw refusalError(outcome);
    }
    const event = this.eventOf(row.id, 1, { ...input, op }, actor, outcome.changes, new Date());
    await this.events.in(tx).recordCreation(actor.sub, input.opId, row.id);
    const { rows, fields } = planWrites(outcome.changes);
    const { xid } = await plans.writeOperation({
      planId: row.id,
      version: '1',
      rows,
      fields,
      event: {
        op_id: input.opId,
        actor_id: actor.sub,
        client_id: input.clientId,
        op,
        result: { ok: true, version: 1, event: storedPlanEvent(event) } satisfies PlanOpAccepted,
        inverse: outcome.inverse,
      },
    });
    noteTransactionId(tx, xid);
    return row.id;
  }

  /**
   * A plan's queued operations, in order, in one transaction; then the rooms hear each applied one.
   * The room hears each event before the plan's next turn starts, so this process pushes a plan's
   * events in version order even when one needs a projection read.
   */
  private async applyTogether(planId: string, items: QueuedOp[]): Promise<Array<Applied | PlanOpResult>> {
    let outcomes: Array<Applied | PlanOpResult>;
    try {
      outcomes = await this.dataSource.transaction((tx) => this.applyIn(tx, planId, items));
    } catch (error) {
      throw this.asInputError(error);
    }
    for (const [index, outcome] of outcomes.entries()) {
      if ('result' in outcome) {
        await this.broadcast.applied(planId, outcome.result.event, outcome.before, {
          publishedDateId: outcome.publishedDateId,
          senderSocketId: items[index]!.origin.socketId,
        });
      }
    }
    return outcomes;
  }

  /**
   * The operations' transaction (decision: the cost of an op). While the plan's row is locked it
   * sends the lock with the replay checks and the state (one statement; a second only when another
   * api process committed to the plan while this one waited for the lock), one write statement per
   * accepted op (its rows, fields, version and event), and COMMIT: at most four for one op, fewer
   * per op in a batch. A refusal or a replay writes nothing. What does not depend on the locked
   * state was read before.
   */
  private async applyIn(
    tx: EntityManager,
    planId: string,
    items: readonly QueuedOp[],
  ): Promise<Array<Applied | PlanOpResult>> {
    const plans = this.plans.in(tx);
    // Nothing a refusal or replay wrote needs its COMMIT to be known: it answers the same either way.
    noteTransactionId(tx, null);
    const bases = items.flatMap(({ request }) => overwriteBase(request) ?? []);
    const locked = await plans.lockState(planId, {
      opIds: items.map(({ request }) => request.opId),
      baseVersion: bases.length > 0 ? Math.min(...bases) : null,
      eventLimit: PLAN_CATCH_UP_EVENTS,
      // An op later in a batch may replace an earlier one's change and must name its sender.
      senderIds: items.length > 1 ? items.map(({ actor }) => actor.sub) : [],
    });
    if (!locked) {
      return items.map(() => planNotFound());
    }
    const replays = new Map(locked.replays.map((row) => [row.op_id, row]));
    let state = toPlanState(locked.state, this.storage);
    let since = locked.sinceBase;
    const outcomes: Array<Applied | PlanOpResult> = [];
    for (const item of items) {
      const { actor, request } = item;
      const replay = replays.get(request.opId);
      if (replay) {
        // The first answer, whoever asks again: only its actor could have sent that op id.
        outcomes.push(
          replay.actor_id === actor.sub
            ? { ok: true, duplicate: true, version: Number(replay.version), event: storedEvent(replay) }
            : planNotFound(),
        );
        continue;
      }
      const base = overwriteBase(request);
      const applied = await this.applyOne(tx, planId, state, item, {
        sinceBase: base === null ? [] : since.filter((row) => Number(row.version) > base),
        writers: locked.writers,
      });
      if (!('result' in applied)) {
        outcomes.push(applied);
        continue;
      }
      const { after, ...committed } = applied;
      const { result } = committed;
      outcomes.push(committed);
      // The same op id again later in the batch answers as a replay of this one would.
      replays.set(request.opId, {
        op_id: request.opId,
        version: String(result.version),
        actor_id: actor.sub,
        result: { ...result, event: storedPlanEvent(result.event) },
      });
      since = [...since, { version: String(result.version), actor_id: actor.sub, op: request.op }];
      state = after;
    }
    return outcomes;
  }

  /** One operation against the plan as it stands under the lock: refused, or applied and written. */
  private async applyOne(
    tx: EntityManager,
    planId: string,
    state: PlanState,
    { actor, request, uploads, prefetched, origin }: QueuedOp,
    written: Pick<LockedPlanState, 'sinceBase' | 'writers'>,
  ): Promise<(Applied & { after: PlanState }) | PlanOpResult> {
    const role = planRoleOf(state, actor.sub);
    if (role === null) {
      return planNotFound();
    }
    const now = new Date();
    const outcome = applyPlanOperation(
      state,
      request.op,
      { userId: actor.sub, role },
      { now, facts: prefetched.facts },
    );
    if (!outcome.ok) {
      return { ok: false, code: outcome.code, message: outcome.message };
    }
    const version = state.version + 1;
    const { rows, fields, deleted } = planWrites(outcome.changes);
    let publishedDateId: string | null = null;
    if (request.op.type === 'status.change' && request.op.to === 'completed') {
      publishedDateId = await this.completion.publish(
        tx,
        actor,
        outcome.state,
        { opId: request.opId, publish: request.op.publish, uploads },
        origin.correlationId,
      );
      fields.published_date_id = publishedDateId;
    }
    const event = this.eventOf(planId, version, request, actor, outcome.changes, now);
    const added = outcome.changes.flatMap((change) =>
      change.kind === 'addCollaborators' ? change.userIds : [],
    );
    if (added.length > 0) {
      event.people = this.lookups.people(prefetched.invitees, added);
    }
    const overwrote = this.lookups.overwritten(written, state, request, actor);
    const result: PlanOpAccepted = overwrote
      ? { ok: true, version, event, overwrote }
      : { ok: true, version, event };
    if (deleted) {
      noteTransactionId(tx, (await this.plans.in(tx).deletePlan(planId)) ?? null);
    } else {
      await this.write(tx, planId, version, rows, fields, request, result, event, outcome.inverse);
    }
    return { result, before: state, publishedDateId, after: outcome.state };
  }

  private async write(
    tx: EntityManager,
    planId: string,
    version: number,
    rows: ReturnType<typeof planWrites>['rows'],
    fields: PlanFieldChanges,
    request: PlanOpRequest,
    result: PlanOpAccepted,
    event: PlanEvent,
    inverse: unknown,
  ): Promise<void> {
    const written = await this.plans.in(tx).writeOperation({
      planId,
      version: String(version),
      rows,
      fields,
      event: {
        op_id: request.opId,
        actor_id: event.actorId,
        client_id: request.clientId,
        op: request.op,
        result: { ...result, event: storedPlanEvent(event) },
        inverse,
      },
    });
    if (written.updated.includes(false)) {
      // A row the state had live was removed meanwhile: refused, and the transaction rolls back.
      throw new ValidationError([{ path: 'op.ref', message: planMessages.activityGone }]);
    }
    noteTransactionId(tx, written.xid);
  }

  private eventOf(
    planId: string,
    version: number,
    request: Pick<PlanOpRequest, 'opId' | 'undoes'> & { op: PlanOperation },
    actor: Viewer,
    changes: PlanChange[],
    at: Date,
  ): PlanEvent {
    return {
      planId,
      version,
      opId: request.opId,
      actorId: actor.sub,
      op: request.op,
      changes,
      ...(request.undoes ? { undoes: request.undoes } : {}),
      at: at.toISOString(),
    };
  }

  private async document(actor: Viewer, planId: string): Promise<PlanDocument> {
    const row = await this.members.document(planId, actor.sub);
    if (!row) {
      throw refusalError(planNotFound());
    }
    return toPlanDocument(row, this.storage);
  }

  /** A row PostgreSQL refused is the input's fault: a 4xx with the api's words, never a 500. */
  private asInputError(error: unknown): unknown {
    if (error instanceof DomainError || !isConstraintViolation(error)) {
      return error;
    }
    return new ValidationError([{ path: 'op', message: messages.errors.validation }]);
  }
}
