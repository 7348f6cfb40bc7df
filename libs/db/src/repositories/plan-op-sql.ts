import { ENTRY_JSON, ENTRY_ORDER, PLAN_COLUMNS } from './plan-sql';
import type { PlanFieldChanges } from './plans.repository';

/*
 * The two statements an operation sends while it holds its plan's row lock (decision: the cost of
 * an op). Each is one round trip and a named prepared statement.
 */

/**
 * The plan locked, the replay check, and everything the rules and the answer read, in one statement:
 * $1 plan, $2 the op ids of the operations applied under this lock (one, or a plan's queued batch),
 * $3 the lowest base version among those that write registers (else null), $4 how many events after
 * it are read to find whose change an op replaces, $5 the senders, whose names an op later in a
 * batch may need for the same answer.
 *
 * In READ COMMITTED a statement reads one snapshot, taken when it starts: if `FOR UPDATE` had to
 * wait for another operation's COMMIT, the locked row is its newest version but every other read of
 * the statement still sees the plan as it was before that commit. `seen_version` is the version that
 * snapshot holds; when it differs from the locked row's, the caller reads the state again under the
 * lock it now holds (`lock` false: the same reads without taking the lock). Only a plan written by two
 * api processes at once pays that second read: within one process, PlanTurns has its operations
 * wait before they take a connection, so their lock is free when they ask.
 */
export function lockedStateSql(lock: boolean): string {
  return `WITH pd AS (SELECT * FROM planned_dates WHERE id = $1::bigint${lock ? ' FOR UPDATE' : ''}),
  since AS (SELECT e.version, e.actor_id, e.op FROM plan_events e
             WHERE e.plan_id = $1 AND e.version > $3::bigint ORDER BY e.version LIMIT $4::int)
SELECT ${PLAN_COLUMNS},
  (SELECT s.version FROM planned_dates s WHERE s.id = $1) AS seen_version,
  COALESCE((SELECT json_agg(json_build_object('op_id', e.op_id, 'version', e.version::text,
                                              'actor_id', e.actor_id, 'result', e.result))
              FROM plan_events e WHERE e.plan_id = $1 AND e.op_id = ANY($2::uuid[])), '[]') AS replays,
  ARRAY(SELECT pc.user_id FROM plan_collaborators pc WHERE pc.planned_date_id = $1
         ORDER BY pc.created_at, pc.user_id)::text[] AS collaborator_ids,
  COALESCE((SELECT json_agg(${ENTRY_JSON} ORDER BY ${ENTRY_ORDER})
              FROM planned_date_activities pe LEFT JOIN activities a ON a.id = pe.activity_id
             WHERE pe.planned_date_id = $1), '[]') AS entries,
  COALESCE((SELECT json_agg(json_build_object('version', s.version::text, 'actor_id', s.actor_id, 'op', s.op)
                            ORDER BY s.version) FROM since s), '[]') AS since_base,
  COALESCE((SELECT json_agg(json_build_object('id', p.id, 'username', p.username,
                                              'display_name', p.display_name, 'avatar_key', p.avatar_key))
              FROM profiles p WHERE p.id = ANY(ARRAY(SELECT s.actor_id FROM since s) || $5::uuid[])), '[]') AS writers
FROM pd`;
}

/** A change of the plan's entries or people, as the write statement makes it. */
export type PlanRowWrite =
  | {
      kind: 'insertEntry';
      entry: {
        client_ref: string;
        activity_id: string | null;
        is_custom: boolean;
        custom_location: string | null;
        custom_details: string | null;
      };
    }
  | {
      kind: 'updateEntry';
      ref: string;
      /** An absent key is left as it is, null clears; without `status`, it follows the times. */
      set: {
        begins_at?: string | null;
        ends_at?: string | null;
        status?: string;
        custom_location?: string | null;
        custom_details?: string | null;
      };
    }
  | { kind: 'tombstoneEntry'; ref: string }
  | { kind: 'addCollaborators'; userIds: readonly string[] }
  | { kind: 'removeCollaborator'; userId: string };

export interface PlanOperationWrite {
  planId: string;
  version: string;
  rows: readonly PlanRowWrite[];
  /** Plan fields to set beside version and updated_at. */
  fields: PlanFieldChanges;
  event: {
    op_id: string;
    actor_id: string;
    client_id: string;
    op: unknown;
    result: unknown;
    inverse: unknown;
  };
}

const ENTRY_SET_COLUMNS = ['begins_at', 'ends_at', 'status', 'custom_location', 'custom_details'] as const;
/** The plan's columns an operation may set, with their types (a prepared statement's are fixed). */
const PLAN_SET_COLUMNS = new Map([
  ['title', '::text'],
  ['date', '::date'],
  ['time_zone', '::text'],
  ['status', '::text'],
  ['locked', '::boolean'],
  ['published_date_id', '::bigint'],
]);

/**
 * Every write of an applied operation as one statement of data-modifying CTEs: the entries and
 * collaborators it changes, the plan's fields with `version` and `updated_at`, and its event. The
 * answer carries, per entry update in order, whether it found its live row (a removed row answers
 * GONE), and the transaction's id for the reconnecting data source's commit-outcome check.
 *
 * All CTEs of a statement see one snapshot and cannot see each other's rows, so no row may be
 * written twice; the rules never change one entry twice in an operation, and this refuses it.
 * The text depends only on the operation's shape (which CTEs, which columns), so its name is a hash
 * of the text and each shape is prepared once per connection.
 */
export function operationWriteSql(write: PlanOperationWrite): { text: string; values: unknown[] } {
  const values: unknown[] = [write.planId, write.version];
  const param = (value: unknown, cast = ''): string => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const ctes: string[] = [];
  const updates: string[] = [];
  const refs = new Set<string>();
  write.rows.forEach((row, index) => {
    const name = `w${index}`;
    if (row.kind !== 'addCollaborators' && row.kind !== 'removeCollaborator') {
      const ref = row.kind === 'insertEntry' ? row.entry.client_ref : row.ref;
      if (refs.has(ref)) {
        throw new Error(`An operation writes entry ${ref} twice; one statement cannot.`);
      }
      refs.add(ref);
    }
    switch (row.kind) {
      case 'insertEntry': {
        const { entry } = row;
        ctes.push(`${name} AS (INSERT INTO planned_date_activities
          (planned_date_id, client_ref, activity_id, is_custom, custom_location, custom_details)
          VALUES ($1, ${param(entry.client_ref, '::uuid')}, ${param(entry.activity_id, '::bigint')}, ${param(entry.is_custom, '::boolean')},
                  ${param(entry.custom_location, '::text')}, ${param(entry.custom_details, '::text')}) RETURNING 1)`);
        break;
      }
      case 'updateEntry': {
        const assignments = ['updated_at = now()'];
        const placed: Partial<Record<(typeof ENTRY_SET_COLUMNS)[number], string>> = {};
        for (const column of ENTRY_SET_COLUMNS) {
          const value = row.set[column];
          if (value !== undefined) {
            const cast = column === 'begins_at' || column === 'ends_at' ? '::timestamptz' : '::text';
            placed[column] = param(value, cast);
            assignments.push(`${column} = ${placed[column]}`);
          }
        }
        if (row.set.status === undefined && (placed.begins_at || placed.ends_at)) {
          // SET expressions read the row as it was, so the new times are spelled out here.
          const begins = placed.begins_at ?? 'begins_at';
          const ends = placed.ends_at ?? 'ends_at';
          assignments.push(
            `status = CASE WHEN ${begins} IS NOT NULL AND ${ends} IS NOT NULL THEN 'scheduled' ELSE 'unscheduled' END`,
          );
        }
        ctes.push(`${name} AS (UPDATE planned_date_activities SET ${assignments.join(', ')}
          WHERE planned_date_id = $1 AND client_ref = ${param(row.ref, '::uuid')} AND deleted_at IS NULL RETURNING 1)`);
        updates.push(`(SELECT count(*) FROM ${name})::int`);
        break;
      }
      case 'tombstoneEntry':
        ctes.push(`${name} AS (UPDATE planned_date_activities SET deleted_at = now(), updated_at = now()
          WHERE planned_date_id = $1 AND client_ref = ${param(row.ref, '::uuid')} AND deleted_at IS NULL RETURNING 1)`);
        break;
      case 'addCollaborators':
        ctes.push(`${name} AS (INSERT INTO plan_collaborators (planned_date_id, user_id)
          SELECT $1::bigint, u FROM unnest(${param([...new Set(row.userIds)], '::uuid[]')}) u
          ON CONFLICT (planned_date_id, user_id) DO NOTHING RETURNING 1)`);
        break;
      case 'removeCollaborator':
        ctes.push(`${name} AS (DELETE FROM plan_collaborators
          WHERE planned_date_id = $1 AND user_id = ${param(row.userId, '::uuid')} RETURNING 1)`);
        break;
    }
  });
  const assignments = ['version = $2::bigint', 'updated_at = now()'];
  for (const [column, value] of Object.entries(write.fields)) {
    if (!PLAN_SET_COLUMNS.has(column)) {
      throw new Error(`Not a plan field: ${column}`);
    }
    if (value !== undefined) {
      const cast = PLAN_SET_COLUMNS.get(column);
      assignments.push(`${column} = ${param(value, cast)}`);
    }
  }
  ctes.push(`plan AS (UPDATE planned_dates SET ${assignments.join(', ')} WHERE id = $1 RETURNING 1)`);
  const { event } = write;
  ctes.push(`event AS (INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result, inverse)
    VALUES ($1, $2::bigint, ${param(event.op_id, '::uuid')}, ${param(event.actor_id, '::uuid')}, ${param(event.client_id, '::text')},
            ${param(JSON.stringify(event.op), '::jsonb')}, ${param(JSON.stringify(event.result), '::jsonb')},
            ${param(event.inverse === null || event.inverse === undefined ? null : JSON.stringify(event.inverse), '::jsonb')})
    RETURNING 1)`);
  const text = `WITH ${ctes.join(',\n')}
SELECT pg_current_xact_id()::text AS xid, (SELECT count(*) FROM plan)::int AS plans, (SELECT count(*) FROM event)::int AS events,
       ARRAY[${updates.join(', ')}]::int[] AS updated`;
  return { text, values };
}
