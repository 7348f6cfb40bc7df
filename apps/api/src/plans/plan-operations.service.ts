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
import { overwriteBase, PlanOpLookups, type PlanOpPrefetch } from './plan-op-lookups';
import { planWrites } from './plan-persistence';
import { PlanTurns } from './plan-turns';
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

/**
 * The one code path of every plan change (design: Server). REST and the socket both call `apply`:
 * in one transaction the plan row is locked (the lock is the plan's sequencer across replicas), a
 * replayed op id answers with its stored result, the op is checked by the domain's rules against
 * the plan as it stands and the actor's role on it, its changes are written with `version + 1`,
 * and the event is appended. Only after the commit do the rooms hear of it.
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

  private readonly turns = new PlanTurns();

  /**
   * A new draft from its `plan.create`; the same op id again answers with the plan it made, or, once
   * that plan was deleted, GONE: a late retry never brings a deleted plan back as a new one.
   */
  async create(actor: Viewer, input: CreatePlan): Promise<PlanDocument> {
    const earlier = await this.events.findCreation(actor.sub, input.opId);
    if (earlier) {
      return this.createdBefore(actor, earlier.plan_id);
    }
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
    // The room hears each event before the plan's next turn starts, so this process pushes a plan's
    // events in version order even when one needs a projection read.
    const outcome = await this.turns.run(planId, async () => {
      let applied: Applied | PlanOpResult;
      try {
        applied = await this.dataSource.transaction((tx) =>
          this.applyIn(tx, actor, planId, request, { uploads, prefetched, origin }),
        );
      } catch (error) {
        throw this.asInputError(error);
      }
      if ('result' in applied) {
        await this.broadcast.applied(planId, applied.result.event, applied.before, {
          publishedDateId: applied.publishedDateId,
          senderSocketId: origin.socketId,
        });
      }
      return applied;
    });
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
   * The operation's transaction (decision: the cost of an op). While the plan's row is locked it
   * sends at most four statements: the lock with the replay check and the state (one; a second only
   * when another api process committed to the plan while this one waited for the lock), the
   * writes with the version and the event (one), and COMMIT. A refusal or a replay sends the first
   * and COMMIT. What does not depend on the locked state was read before.
   */
  private async applyIn(
    tx: EntityManager,
    actor: Viewer,
    planId: string,
    request: PlanOpRequest,
    {
      uploads,
      prefetched,
      origin,
    }: { uploads: ReadyUpload[]; prefetched: PlanOpPrefetch; origin: PlanOpOrigin },
  ): Promise<Applied | PlanOpResult> {
    const plans = this.plans.in(tx);
    // Nothing a refusal or replay wrote needs its COMMIT to be known: it answers the same either way.
    noteTransactionId(tx, null);
    const locked = await plans.lockState(planId, request.opId, overwriteBase(request), PLAN_CATCH_UP_EVENTS);
    if (!locked) {
      return planNotFound();
    }
    const { replay } = locked;
    if (replay) {
      // The first answer, whoever asks again: only its actor could have sent that op id.
      if (replay.actor_id !== actor.sub) {
        return planNotFound();
      }
      return { ok: true, duplicate: true, version: Number(replay.version), event: storedEvent(replay) };
    }
    const state = toPlanState(locked.state, this.storage);
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
    const overwrote = this.lookups.overwritten(locked, state, request, actor);
    const result: PlanOpAccepted = overwrote
      ? { ok: true, version, event, overwrote }
      : { ok: true, version, event };
    if (deleted) {
      noteTransactionId(tx, (await plans.deletePlan(planId)) ?? null);
    } else {
      await this.write(tx, planId, version, rows, fields, request, result, event, outcome.inverse);
    }
    return { result, before: state, publishedDateId };
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
