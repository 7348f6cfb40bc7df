import { SqlRepository } from './sql-repository';

/** One applied operation of a plan, as stored. `op`, `result` and `inverse` are the caller's JSON. */
export interface PlanEventRow {
  plan_id: string;
  /** The plan's version after this operation; versions of a plan are contiguous from 1. */
  version: string;
  op_id: string;
  actor_id: string;
  client_id: string;
  op: unknown;
  result: unknown;
  inverse: unknown;
  created_at: Date;
}

/** A row to append: everything but the time, which the database stamps. */
export type NewPlanEvent = Omit<PlanEventRow, 'created_at'>;

/** A `plan.create` as remembered: its plan, or null once that plan was deleted. */
export interface PlanCreationRow {
  plan_id: string | null;
}

/** Events after a version, oldest first; `has_more` when more than the limit follow. */
export interface PlanEventsPage {
  events: PlanEventRow[];
  has_more: boolean;
}

const EVENT_COLUMNS = 'plan_id, version, op_id, actor_id, client_id, op, result, inverse, created_at';

/**
 * The plan operation log (plan_events): idempotency by (plan_id, op_id), history and catch-up by
 * (plan_id, version), both through the table's keys; a create's idempotency by (actor_id, op_id) in
 * plan_creations. Appends run in the operation's transaction, after the plan row is locked; every
 * row is kept.
 */
export class PlanEventsRepository extends SqlRepository {
  /** The event an earlier attempt of this operation stored, if there was one. */
  async findByOpId(planId: string, opId: string): Promise<PlanEventRow | undefined> {
    const [row] = await this.query<PlanEventRow>(
      `SELECT ${EVENT_COLUMNS} FROM plan_events WHERE plan_id = $1 AND op_id = $2`,
      [planId, opId],
    );
    return row;
  }

  /**
   * The plan this actor's `plan.create` with this op id made: a retried `POST /plans` finds the plan
   * its first attempt made, and `plan_id` null says that plan has since been deleted. Creations
   * outlive their plans (plan_creations), where the creating event does not.
   */
  async findCreation(actorId: string, opId: string): Promise<PlanCreationRow | undefined> {
    const [row] = await this.query<PlanCreationRow>(
      `SELECT plan_id FROM plan_creations WHERE actor_id = $1 AND op_id = $2`,
      [actorId, opId],
    );
    return row;
  }

  /** Remembers a creation, in its transaction; the same op id again is refused with 23505. */
  async recordCreation(actorId: string, opId: string, planId: string): Promise<void> {
    await this.query(`INSERT INTO plan_creations (actor_id, op_id, plan_id) VALUES ($1, $2, $3)`, [
      actorId,
      opId,
      planId,
    ]);
  }

  /**
   * Stores an applied operation. A version or op id the plan already has is refused with 23505
   * (plan_events_pkey, plan_events_op_key): under the plan's row lock neither happens.
   */
  async append(event: NewPlanEvent): Promise<PlanEventRow> {
    const [row] = await this.query<PlanEventRow>(
      `INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result, inverse)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) RETURNING ${EVENT_COLUMNS}`,
      [
        event.plan_id,
        event.version,
        event.op_id,
        event.actor_id,
        event.client_id,
        JSON.stringify(event.op),
        JSON.stringify(event.result),
        event.inverse === null || event.inverse === undefined ? null : JSON.stringify(event.inverse),
      ],
    );
    return row!;
  }

  /**
   * The events after `sinceVersion`, oldest first, at most `limit`; one more is read so `has_more`
   * tells the caller to send a snapshot instead of an incomplete catch-up.
   */
  async since(planId: string, sinceVersion: string, limit: number): Promise<PlanEventsPage> {
    const rows = await this.query<PlanEventRow>(
      `SELECT ${EVENT_COLUMNS} FROM plan_events WHERE plan_id = $1 AND version > $2
        ORDER BY version LIMIT $3`,
      [planId, sinceVersion, limit + 1],
    );
    return { events: rows.slice(0, limit), has_more: rows.length > limit };
  }

  /**
   * A page of the plan's history: the events before version `before` (from the plan's current
   * version without it), newest first, at most `limit`; `has_more` when older ones remain. A range
   * of plan_events_pkey: the first page is bounded by the plan's version too, so the planner sees a
   * range of the key rather than every event of the plan.
   */
  async history(planId: string, before: string | undefined, limit: number): Promise<PlanEventsPage> {
    const rows = await this.query<PlanEventRow>(
      `SELECT ${EVENT_COLUMNS} FROM plan_events
        WHERE plan_id = $1
          AND version < COALESCE($2::bigint, (SELECT pd.version + 1 FROM planned_dates pd WHERE pd.id = $1))
        ORDER BY version DESC LIMIT $3`,
      [planId, before ?? null, limit + 1],
    );
    return { events: rows.slice(0, limit), has_more: rows.length > limit };
  }
}
