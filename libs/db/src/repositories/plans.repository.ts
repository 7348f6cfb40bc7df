import type { PlanStatus, PlannedActivityStatus } from '@datebook/contracts';
import {
  ENTRY_COLUMNS,
  type PlanPersonRow,
  ENTRY_ORDER,
  linkedActivityJoinSql,
  PLAN_COLUMNS,
  type PlanEntryRow,
  type PlanRow,
} from './plan-sql';
import { createHash } from 'node:crypto';
import { lockedStateSql, operationWriteSql, type PlanOperationWrite } from './plan-op-sql';
import { SqlRepository } from './sql-repository';

export type { PlanEntryRow, PlanPersonRow, PlanRole, PlanRow } from './plan-sql';
export type { PlanOperationWrite, PlanRowWrite } from './plan-op-sql';

/** An earlier attempt's stored answer to the same op id. */
export interface PlanReplayRow {
  version: string;
  actor_id: string;
  result: unknown;
}

/** What `lockState` reads with the lock: the replay check, the state, and who wrote since a version. */
export interface LockedPlanState {
  replay: PlanReplayRow | null;
  state: PlanStateRow;
  /** The events after the sender's base version (oldest first), for "You replaced Sam's change". */
  sinceBase: Array<{ version: string; actor_id: string; op: unknown }>;
  /** The profiles of those events' actors. */
  writers: PlanPersonRow[];
}

/** What the one write statement answers. */
export interface PlanOperationWritten {
  /** The transaction's id, for the commit-outcome check if its COMMIT is lost. */
  xid: string;
  /** Per entry update, in order: whether it found its live row. */
  updated: boolean[];
}

interface LockedStateRecord extends PlanRow {
  seen_version: string;
  replay: PlanReplayRow | null;
  collaborator_ids: string[];
  entries: PlanEntryRow[];
  since_base: Array<{ version: string; actor_id: string; op: unknown }>;
  writers: PlanPersonRow[];
}

/** What an operation is checked and applied against: the whole plan, removed entries included. */
export interface PlanStateRow {
  plan: PlanRow;
  /** Every entry, tombstoned ones included (deleted_at set), in timeline order; linked columns unfiltered. */
  entries: PlanEntryRow[];
  /** Entries not removed, for the max-activities rule. */
  live_entry_count: number;
  collaborator_ids: string[];
}

/** Plan fields an operation sets; an absent key is left as it is, null clears. */
export interface PlanFieldChanges {
  title?: string;
  date?: string | null;
  time_zone?: string;
  status?: PlanStatus;
  locked?: boolean;
  published_date_id?: string | null;
}

export interface NewPlanEntry {
  client_ref: string;
  activity_id: string | null;
  is_custom: boolean;
  custom_location: string | null;
  custom_details: string | null;
}

/**
 * Entry changes; an absent key is left as it is, null clears. Without `status`, a change of either
 * time sets it from the resulting times (scheduled exactly when both are set); with it, the CHECKs
 * refuse an inconsistent one (23514).
 */
export interface PlanEntryChanges {
  begins_at?: string | null;
  ends_at?: string | null;
  status?: PlannedActivityStatus;
  custom_location?: string | null;
  custom_details?: string | null;
}

const PLAN_FIELD_COLUMNS: Record<keyof PlanFieldChanges, string> = {
  title: 'title',
  date: 'date',
  time_zone: 'time_zone',
  status: 'status',
  locked: 'locked',
  published_date_id: 'published_date_id',
};

const ENTRY_FIELD_COLUMNS: Record<keyof PlanEntryChanges, string> = {
  begins_at: 'begins_at',
  ends_at: 'ends_at',
  status: 'status',
  custom_location: 'custom_location',
  custom_details: 'custom_details',
};

/**
 * The writes of plan operations: plans, their entries and collaborators. An operation runs in one
 * transaction through `in(tx)`: `lockForUpdate` first (the row lock is the plan's sequencer), then
 * `loadState`, the domain's check, the writes, and `updateFields(…, version)` with the new version.
 * The writes take only the plan, whose lock and role check the caller already holds; reads for a
 * member are PlanMembersRepository's.
 */
export class PlansRepository extends SqlRepository {
  /** A plan without a zone reads on UTC, the column's default. */
  async create(
    ownerId: string,
    fields: { title: string; date: string | null; timeZone?: string },
  ): Promise<{ id: string; version: string; created_at: Date }> {
    const [row] = await this.query<{ id: string; version: string; created_at: Date }>(
      `INSERT INTO planned_dates (owner_id, title, date, time_zone) VALUES ($1, $2, $3, COALESCE($4, 'UTC'))
       RETURNING id, version, created_at`,
      [ownerId, fields.title, fields.date, fields.timeZone ?? null],
    );
    return row!;
  }

  /** The plan row, locked until the transaction ends; undefined when there is no such plan. */
  async lockForUpdate(planId: string): Promise<PlanRow | undefined> {
    const [row] = await this.query<PlanRow>(
      `SELECT ${PLAN_COLUMNS} FROM planned_dates pd WHERE pd.id = $1 FOR UPDATE`,
      [planId],
    );
    return row;
  }

  /**
   * Locks the plan row for the transaction and reads, in the same round trip, an earlier attempt of
   * op `opId`, the plan's state and the events after `baseVersion` (null: none wanted); undefined
   * when there is no such plan. See `lockedStateSql` for the snapshot rule: a state read before a
   * concurrent commit is read again, under the lock.
   */
  async lockState(
    planId: string,
    opId: string,
    baseVersion: number | null,
    eventLimit: number,
  ): Promise<LockedPlanState | undefined> {
    const parameters = [planId, opId, baseVersion, eventLimit];
    let [row] = await this.prepared<LockedStateRecord>('plan_op_lock', lockedStateSql(true), parameters);
    if (row && row.seen_version !== row.version) {
      [row] = await this.prepared<LockedStateRecord>('plan_op_state', lockedStateSql(false), parameters);
    }
    if (!row) {
      return undefined;
    }
    const { seen_version: _seen, replay, collaborator_ids, entries, since_base, writers, ...plan } = row;
    return {
      replay,
      state: {
        plan,
        entries,
        live_entry_count: entries.filter((entry) => entry.deleted_at === null).length,
        collaborator_ids,
      },
      sinceBase: since_base,
      writers,
    };
  }

  /**
   * Every write of an applied operation in one statement (entries, collaborators, the plan's fields
   * and version, the event), under the lock `lockState` took. A constraint PostgreSQL refuses
   * fails the statement, and with it the transaction: nothing is half-written.
   */
  async writeOperation(write: PlanOperationWrite): Promise<PlanOperationWritten> {
    const { text, values } = operationWriteSql(write);
    const name = `plan_op_write_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    const [row] = await this.prepared<{ xid: string; updated: number[] }>(name, text, values);
    return { xid: row!.xid, updated: row!.updated.map((count) => count > 0) };
  }

  /** The plan's current state, read after `lockForUpdate` in the same transaction. */
  async loadState(planId: string): Promise<PlanStateRow | undefined> {
    const [plan] = await this.query<PlanRow & { collaborator_ids: string[] }>(
      `SELECT ${PLAN_COLUMNS},
              ARRAY(SELECT pc.user_id FROM plan_collaborators pc WHERE pc.planned_date_id = pd.id
                     ORDER BY pc.created_at, pc.user_id)::text[] AS collaborator_ids
         FROM planned_dates pd WHERE pd.id = $1`,
      [planId],
    );
    if (!plan) {
      return undefined;
    }
    const entries = await this.query<PlanEntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM planned_date_activities pe ${linkedActivityJoinSql()}
        WHERE pe.planned_date_id = $1 ORDER BY ${ENTRY_ORDER}`,
      [planId],
    );
    const { collaborator_ids, ...row } = plan;
    return {
      plan: row,
      entries,
      live_entry_count: entries.filter((entry) => entry.deleted_at === null).length,
      collaborator_ids,
    };
  }

  /**
   * Sets the given fields, the plan's new `version` and updated_at (which orders the lists). Every
   * applied operation calls it, with no fields when only entries or collaborators changed.
   */
  async updateFields(
    planId: string,
    changes: PlanFieldChanges,
    version: string,
  ): Promise<PlanRow | undefined> {
    const values: unknown[] = [planId, version];
    const assignments = ['version = $2', 'updated_at = now()'];
    for (const [field, column] of Object.entries(PLAN_FIELD_COLUMNS) as Array<
      [keyof PlanFieldChanges, string]
    >) {
      const value = changes[field];
      if (value !== undefined) {
        values.push(value);
        assignments.push(`${column} = $${values.length}`);
      }
    }
    const [row] = await this.modifyReturning<PlanRow>(
      `UPDATE planned_dates pd SET ${assignments.join(', ')} WHERE pd.id = $1 RETURNING ${PLAN_COLUMNS}`,
      values,
    );
    return row;
  }

  /**
   * Adds an unscheduled entry (no times: the CHECKs hold). A client_ref the plan already has is
   * refused with 23505 on planned_date_activities_client_ref_key.
   */
  async insertEntry(planId: string, entry: NewPlanEntry): Promise<PlanEntryRow> {
    const [row] = await this.query<PlanEntryRow>(
      `WITH pe AS (
         INSERT INTO planned_date_activities
           (planned_date_id, client_ref, activity_id, is_custom, custom_location, custom_details)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *)
       SELECT ${ENTRY_COLUMNS} FROM pe ${linkedActivityJoinSql()}`,
      [
        planId,
        entry.client_ref,
        entry.activity_id,
        entry.is_custom,
        entry.custom_location,
        entry.custom_details,
      ],
    );
    return row!;
  }

  /**
   * Changes a live entry; undefined when the plan has no such entry or it was removed (GONE). An end
   * before the beginning is refused with 23514 (planned_date_activities_end_after_begin).
   */
  async updateEntry(
    planId: string,
    clientRef: string,
    changes: PlanEntryChanges,
  ): Promise<PlanEntryRow | undefined> {
    const values: unknown[] = [planId, clientRef];
    const assignments = ['updated_at = now()'];
    const placeholders: Partial<Record<keyof PlanEntryChanges, string>> = {};
    for (const [field, column] of Object.entries(ENTRY_FIELD_COLUMNS) as Array<
      [keyof PlanEntryChanges, string]
    >) {
      const value = changes[field];
      if (value !== undefined) {
        values.push(value);
        const cast = field === 'begins_at' || field === 'ends_at' ? '::timestamptz' : '';
        placeholders[field] = `$${values.length}${cast}`;
        assignments.push(`${column} = ${placeholders[field]}`);
      }
    }
    if (changes.status === undefined && (placeholders.begins_at || placeholders.ends_at)) {
      // SET expressions read the row as it was, so the new times are spelled out here.
      const begins = placeholders.begins_at ?? 'begins_at';
      const ends = placeholders.ends_at ?? 'ends_at';
      assignments.push(
        `status = CASE WHEN ${begins} IS NOT NULL AND ${ends} IS NOT NULL THEN 'scheduled' ELSE 'unscheduled' END`,
      );
    }
    const [row] = await this.query<PlanEntryRow>(
      `WITH pe AS (
         UPDATE planned_date_activities SET ${assignments.join(', ')}
          WHERE planned_date_id = $1 AND client_ref = $2 AND deleted_at IS NULL RETURNING *)
       SELECT ${ENTRY_COLUMNS} FROM pe ${linkedActivityJoinSql()}`,
      values,
    );
    return row;
  }

  /** Removes a live entry, keeping its row as a tombstone; false when it was missing or already removed. */
  async tombstoneEntry(planId: string, clientRef: string): Promise<boolean> {
    const rows = await this.modifyReturning<{ id: string }>(
      `UPDATE planned_date_activities SET deleted_at = now(), updated_at = now()
        WHERE planned_date_id = $1 AND client_ref = $2 AND deleted_at IS NULL RETURNING id`,
      [planId, clientRef],
    );
    return rows.length > 0;
  }

  /** Adds these collaborators; gives back those who were not one already. */
  async addCollaborators(planId: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) {
      return [];
    }
    const rows = await this.query<{ user_id: string }>(
      `INSERT INTO plan_collaborators (planned_date_id, user_id)
       SELECT $1, u FROM unnest($2::uuid[]) u
       ON CONFLICT (planned_date_id, user_id) DO NOTHING RETURNING user_id`,
      [planId, [...new Set(userIds)]],
    );
    return rows.map((row) => row.user_id);
  }

  /** False when the user was not a collaborator. */
  async removeCollaborator(planId: string, userId: string): Promise<boolean> {
    const rows = await this.modifyReturning<{ user_id: string }>(
      'DELETE FROM plan_collaborators WHERE planned_date_id = $1 AND user_id = $2 RETURNING user_id',
      [planId, userId],
    );
    return rows.length > 0;
  }

  /**
   * Entries, collaborators and events go with it, by cascade; a published Date stays. Answers the
   * transaction's id (for the commit-outcome check), or undefined when there was no such plan.
   */
  async deletePlan(planId: string): Promise<string | undefined> {
    const rows = await this.modifyReturning<{ xid: string }>(
      'DELETE FROM planned_dates WHERE id = $1 RETURNING pg_current_xact_id()::text AS xid',
      [planId],
    );
    return rows[0]?.xid;
  }

  /** The current versions of these plans (missing ones left out), by primary key. */
  versions(planIds: readonly string[]): Promise<Array<{ id: string; version: string }>> {
    if (planIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<{ id: string; version: string }>(
      `SELECT pd.id, pd.version FROM planned_dates pd WHERE pd.id = ANY($1::bigint[])`,
      [[...new Set(planIds)]],
    );
  }
}
