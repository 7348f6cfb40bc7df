import type { PlanStatus } from '@datebook/contracts';
import type { PlanEntryRow, PlanPersonRow, PlanRow } from './plan-sql';
import { createHash } from 'node:crypto';
import { lockedStateSql, operationWriteSql, type PlanOperationWrite } from './plan-op-sql';
import { SqlRepository } from './sql-repository';

export type { PlanEntryRow, PlanPersonRow, PlanRole, PlanRow } from './plan-sql';
export type { PlanOperationWrite, PlanRowWrite } from './plan-op-sql';

/** An earlier attempt's stored answer to the same op id. */
export interface PlanReplayRow {
  op_id: string;
  version: string;
  actor_id: string;
  result: unknown;
}

/** What `lockState` reads with the lock: the replay check, the state, and who wrote since a version. */
export interface LockedPlanState {
  /** The earlier attempts among the op ids asked about. */
  replays: PlanReplayRow[];
  state: PlanStateRow;
  /** The events after the sender's base version (oldest first), for "You replaced Sam's change". */
  sinceBase: Array<{ version: string; actor_id: string; op: unknown }>;
  /** The profiles of those events' actors and of the senders asked about. */
  writers: PlanPersonRow[];
}

/** What `lockState` is asked: the ops about to be applied and how far back their writers are read. */
export interface LockStateRequest {
  opIds: readonly string[];
  /** The lowest base version among the ops that write registers; null when none does. */
  baseVersion: number | null;
  /** How many events after `baseVersion` are read. */
  eventLimit: number;
  senderIds?: readonly string[];
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
  replays: PlanReplayRow[];
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

/**
 * The writes of plan operations: plans, their entries and collaborators. An operation runs in one
 * transaction through `in(tx)`: `lockState` first (the row lock is the plan's sequencer), the
 * domain's check, then `writeOperation` with the new version. The writes take only the plan, whose
 * lock and role check the caller already holds; reads for a member are PlanMembersRepository's.
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

  /**
   * Locks the plan row for the transaction and reads, in the same round trip, earlier attempts of
   * the ops `opIds` (one, or a batch applied under this lock), the plan's state, the events after
   * `baseVersion` (null: none wanted) and the profiles of their writers and of `senderIds`;
   * undefined when there is no such plan. See `lockedStateSql` for the snapshot rule: a state read
   * before a concurrent commit is read again, under the lock.
   */
  async lockState(
    planId: string,
    { opIds, baseVersion, eventLimit, senderIds = [] }: LockStateRequest,
  ): Promise<LockedPlanState | undefined> {
    const parameters = [planId, opIds, baseVersion, eventLimit, [...new Set(senderIds)]];
    let [row] = await this.prepared<LockedStateRecord>('plan_op_lock', lockedStateSql(true), parameters);
    if (row && row.seen_version !== row.version) {
      [row] = await this.prepared<LockedStateRecord>('plan_op_state', lockedStateSql(false), parameters);
    }
    if (!row) {
      return undefined;
    }
    const { seen_version: _seen, replays, collaborator_ids, entries, since_base, writers, ...plan } = row;
    return {
      replays,
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
