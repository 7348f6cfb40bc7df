import { planMemberSql, planRoleSql } from './plan-members-sql';
import {
  activityCoverSql,
  linkedActivityJoinSql,
  type PlanEntryRow,
  type PlanPersonRow,
  type PlanRole,
} from './plan-sql';
import { SqlRepository } from './sql-repository';

/** A linked row's activity as one reader may see it (all null when they may not). */
export type PlanLinkedRow = Pick<
  PlanEntryRow,
  'client_ref' | 'activity_title' | 'activity_location' | 'activity_cover_key' | 'activity_budget'
>;

/** What a member's catch-up reads, in one statement; undefined when there is no such plan. */
export interface PlanCatchUpRow {
  /** The reader's role; null for anyone else, who is given no events. */
  role: PlanRole | null;
  /** The stored events after the version asked for, oldest first. */
  events: Array<{ version: string; result: unknown }>;
  /** The linked rows those events added, as the reader may see them now. */
  linked: PlanLinkedRow[];
  /** The people those events invited (deleted accounts left out). */
  people: PlanPersonRow[];
}

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

/** A `plan.create` as remembered: its plan, or null once that plan was deleted. */
export interface PlanCreationRow {
  plan_id: string | null;
}

/** A page of the log; `has_more` when more events than the limit remain. */
export interface PlanEventsPage {
  events: PlanEventRow[];
  has_more: boolean;
}

const EVENT_COLUMNS = 'plan_id, version, op_id, actor_id, client_id, op, result, inverse, created_at';

/**
 * The plan operation log (plan_events): idempotency by (plan_id, op_id), history and catch-up by
 * (plan_id, version), both through the table's keys; a create's idempotency by (actor_id, op_id) in
 * plan_creations. PlansRepository.writeOperation appends, in the operation's statement; every row
 * is kept.
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
   * A member's catch-up in one statement: their role, the stored events after `afterVersion` (at most
   * `limit`, oldest first), and only what those events need projected for this reader — the
   * activities of the linked rows they added (visiblePostSql for the reader, the cover key to sign)
   * and the profiles of the people they invited. Rows the events merely retime or remove are not
   * read: an event carries their values.
   */
  async catchUp(
    planId: string,
    readerId: string,
    afterVersion: number,
    limit: number,
  ): Promise<PlanCatchUpRow | undefined> {
    const [row] = await this.query<PlanCatchUpRow>(
      `WITH pd AS (SELECT id, owner_id FROM planned_dates WHERE id = $1::bigint),
       ev AS (SELECT e.version, e.result FROM plan_events e JOIN pd ON pd.id = e.plan_id AND ${planMemberSql('pd', '$2')}
               WHERE e.plan_id = $1::bigint AND e.version > $3::bigint ORDER BY e.version LIMIT $4::int),
       changes AS (SELECT c FROM ev, jsonb_array_elements(ev.result #> '{event,changes}') c),
       linked_refs AS (SELECT (c #>> '{entry,ref}')::uuid AS ref FROM changes
                        WHERE c ->> 'kind' = 'addEntry' AND (c #>> '{entry,isCustom}')::boolean IS NOT TRUE),
       invited AS (SELECT u::uuid AS id FROM changes, jsonb_array_elements_text(c -> 'userIds') u
                    WHERE c ->> 'kind' = 'addCollaborators')
       SELECT ${planRoleSql('pd', '$2')} AS role,
         COALESCE((SELECT json_agg(json_build_object('version', ev.version::text, 'result', ev.result)
                                   ORDER BY ev.version) FROM ev), '[]') AS events,
         COALESCE((SELECT json_agg(json_build_object('client_ref', pe.client_ref, 'activity_title', a.title::text,
                                   'activity_location', a.location, 'activity_cover_key', ${activityCoverSql('a')},
                                   'activity_budget', a.budget))
                     FROM planned_date_activities pe ${linkedActivityJoinSql('$2')}
                    WHERE pe.planned_date_id = $1::bigint AND pe.client_ref IN (SELECT ref FROM linked_refs)), '[]') AS linked,
         COALESCE((SELECT json_agg(json_build_object('id', p.id, 'username', p.username,
                                   'display_name', p.display_name, 'avatar_key', p.avatar_key))
                     FROM profiles p JOIN users u ON u.id = p.id AND u.deleted_at IS NULL
                    WHERE p.id IN (SELECT id FROM invited)), '[]') AS people
       FROM pd`,
      [planId, readerId, afterVersion, limit],
    );
    return row;
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
