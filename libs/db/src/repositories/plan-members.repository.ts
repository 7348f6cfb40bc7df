import type { PlanStatus } from '@datebook/contracts';
import { planMemberSql, planRoleSql } from './plan-members-sql';
import {
  ENTRY_COLUMNS,
  ENTRY_JSON,
  ENTRY_ORDER,
  linkedActivityJoinSql,
  PLAN_COLUMNS,
  type PlanEntryRow,
  type PlanPersonRow,
  type PlanRole,
  type PlanRow,
} from './plan-sql';
import { SqlRepository } from './sql-repository';

/** A plan as its page shows it to one member. */
export interface PlanDocumentRow {
  plan: PlanRow;
  /** The reader's role on the plan. */
  role: PlanRole;
  owner: PlanPersonRow;
  /** Oldest invitation first; accounts awaiting deletion are left out. */
  collaborators: PlanPersonRow[];
  /** Live entries only, in timeline order; linked columns only for an activity the reader may see. */
  entries: PlanEntryRow[];
}

/** A linked entry as one member of its plan may see it: only rows whose activity that member may see. */
export type PlanMemberEntryRow = PlanEntryRow & { user_id: string };

/** Whether a plan exists and who the user is on it: the api answers 404 and 403 apart. */
export interface PlanAccessRow {
  owner_id: string;
  status: PlanStatus;
  role: PlanRole | null;
}

/**
 * A plan as its members read it: who the user is on it, the page's document, and the entries its
 * history names. Each read takes the member, so an unscoped read is hard to write.
 */
export class PlanMembersRepository extends SqlRepository {
  /** The user's role on the plan; undefined for a missing plan and for anyone else. Two key lookups. */
  async roleOf(planId: string, userId: string): Promise<PlanRole | undefined> {
    return (await this.access(planId, userId))?.role ?? undefined;
  }

  /** Undefined for a missing plan; role null for a user who is neither owner nor collaborator. */
  async access(planId: string, userId: string): Promise<PlanAccessRow | undefined> {
    const [row] = await this.query<PlanAccessRow>(
      `SELECT pd.owner_id, pd.status,
              ${planRoleSql('pd', '$2')} AS role
         FROM planned_dates pd WHERE pd.id = $1`,
      [planId, userId],
    );
    return row;
  }

  /**
   * Everything the plan page shows the reader, in one statement (so the version and the content
   * agree, which a join snapshot relies on); undefined for a missing plan and for anyone who is
   * neither its owner nor a collaborator.
   */
  async document(planId: string, readerId: string): Promise<PlanDocumentRow | undefined> {
    const [row] = await this.query<
      PlanRow & {
        role: PlanRole;
        owner: PlanPersonRow;
        collaborators: PlanPersonRow[];
        entries: PlanEntryRow[];
      }
    >(
      `SELECT ${PLAN_COLUMNS},
              ${planRoleSql('pd', '$2')} AS role,
              json_build_object('id', op.id, 'username', op.username, 'display_name', op.display_name,
                                'avatar_key', op.avatar_key) AS owner,
              COALESCE((SELECT json_agg(json_build_object('id', cp.id, 'username', cp.username,
                                  'display_name', cp.display_name, 'avatar_key', cp.avatar_key)
                                ORDER BY pc.created_at, pc.user_id)
                          FROM plan_collaborators pc JOIN profiles cp ON cp.id = pc.user_id
                          JOIN users cu ON cu.id = cp.id AND cu.deleted_at IS NULL
                         WHERE pc.planned_date_id = pd.id), '[]'::json) AS collaborators,
              COALESCE((SELECT json_agg(${ENTRY_JSON} ORDER BY ${ENTRY_ORDER})
                          FROM planned_date_activities pe ${linkedActivityJoinSql('$2')}
                         WHERE pe.planned_date_id = pd.id AND pe.deleted_at IS NULL), '[]'::json) AS entries
         FROM planned_dates pd JOIN profiles op ON op.id = pd.owner_id
        WHERE pd.id = $1 AND ${planMemberSql('pd', '$2')}`,
      [planId, readerId],
    );
    if (!row) {
      return undefined;
    }
    const { role, owner, collaborators, entries, ...plan } = row;
    return { plan, role, owner, collaborators, entries };
  }

  /**
   * The plan's entries with these refs, removed ones included (history names them), with the linked
   * activity as `readerId` may see it now. Served by planned_date_activities_client_ref_key.
   */
  entriesByRef(planId: string, readerId: string, refs: readonly string[]): Promise<PlanEntryRow[]> {
    if (refs.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<PlanEntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM planned_date_activities pe ${linkedActivityJoinSql('$3')}
        WHERE pe.planned_date_id = $1 AND pe.client_ref = ANY($2::uuid[])`,
      [planId, [...new Set(refs)], readerId],
    );
  }

  /**
   * For each current member (owner and collaborators) and each entry with these refs, the entry
   * with its linked activity when that member may see it (visiblePostSql); a pair the member may not
   * see, a custom entry and a deleted activity give no row. At most 51 members × the refs given.
   */
  linkedEntriesForMembers(planId: string, refs: readonly string[]): Promise<PlanMemberEntryRow[]> {
    if (refs.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<PlanMemberEntryRow>(
      `SELECT m.user_id, ${ENTRY_COLUMNS}
         FROM (SELECT pd.owner_id AS user_id FROM planned_dates pd WHERE pd.id = $1
               UNION SELECT pc.user_id FROM plan_collaborators pc WHERE pc.planned_date_id = $1) m
        CROSS JOIN planned_date_activities pe ${linkedActivityJoinSql('m.user_id')}
        WHERE pe.planned_date_id = $1 AND pe.client_ref = ANY($2::uuid[]) AND a.id IS NOT NULL`,
      [planId, [...new Set(refs)]],
    );
  }
}
