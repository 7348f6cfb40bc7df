import type { PlanStatus } from '@datebook/contracts';
import type { PlanRole } from './plan-sql';
import { SqlRepository } from './sql-repository';

/**
 * A position in a plan list ordered by (updated_at, id), newest first: updated_at in microseconds,
 * its full precision, and the plan's id (keyset.ts's convention, on updated_at).
 */
export interface PlanListPosition {
  updatedAtMicros: string;
  id: string;
}

/** A row of /saved/planned or of /saved's Planned preview. */
export interface PlanListRow {
  id: string;
  title: string;
  /** A calendar day, 'YYYY-MM-DD'. */
  date: string | null;
  status: PlanStatus;
  owner_id: string;
  /** The member's role on the plan. */
  role: PlanRole;
  updated_at: Date;
  updated_at_micros: string;
}

export interface PlanListPage {
  after?: PlanListPosition;
  limit: number;
}

const LIST_COLUMNS = `pd.id, pd.title, pd.date::text AS date, pd.status, pd.owner_id, pd.updated_at,
  (extract(epoch FROM pd.updated_at) * 1000000)::bigint::text AS updated_at_micros`;
const LIST_ORDER = 'updated_at DESC, id DESC';
const BRANCH_ORDER = 'pd.updated_at DESC, pd.id DESC';

/** The rows after `position` (values $3, $4 when given), newest-updated first. */
function afterSql(position: PlanListPosition | undefined): string {
  return position
    ? `AND (pd.updated_at, pd.id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::bigint)`
    : '';
}

/**
 * One branch of a list: the member's own plans of a status, or the non-draft plans they collaborate
 * on (never a deleted account's: those wait for the purge), each newest-updated first and cut at the
 * page size, so the merge reads at most a page per branch.
 */
function ownBranch(status: PlanStatus, after: string): string {
  return `(SELECT ${LIST_COLUMNS}, 'owner'::text AS role FROM planned_dates pd
            WHERE pd.owner_id = $1 AND pd.status = '${status}' ${after}
            ORDER BY ${BRANCH_ORDER} LIMIT $2)`;
}

function collaboratingBranch(after: string): string {
  return `(SELECT ${LIST_COLUMNS}, 'collaborator'::text AS role
             FROM plan_collaborators pc JOIN planned_dates pd ON pd.id = pc.planned_date_id
            WHERE pc.user_id = $1 AND pd.owner_id <> $1 AND pd.status <> 'draft'
              AND NOT EXISTS (SELECT 1 FROM users ou WHERE ou.id = pd.owner_id AND ou.deleted_at IS NOT NULL)
              ${after}
            ORDER BY ${BRANCH_ORDER} LIMIT $2)`;
}

/**
 * The member's plan lists (spec section 2, Your Lists): newest-updated first, keyset on
 * (updated_at, id). Each read asks for one row more than the page so the caller can tell whether
 * another page exists; its last row's (updated_at_micros, id) is the next cursor.
 */
export class PlanListsRepository extends SqlRepository {
  /** 'Drafts': the member's own drafts, over planned_dates_owner_status_idx. */
  drafts(userId: string, page: PlanListPage): Promise<PlanListRow[]> {
    return this.list([ownBranch('draft', afterSql(page.after))], userId, page);
  }

  /** 'Shared & Completed': non-draft plans the member owns or collaborates on, with their role. */
  sharedAndCompleted(userId: string, page: PlanListPage): Promise<PlanListRow[]> {
    const after = afterSql(page.after);
    return this.list(
      [ownBranch('prepared', after), ownBranch('completed', after), collaboratingBranch(after)],
      userId,
      page,
    );
  }

  /**
   * /saved's Planned section: the first rows of both lists merged (the member's own plans of any
   * status and the non-draft plans they collaborate on), newest-updated first; `limit` exactly,
   * no extra row (spec section 9: planned list 3).
   */
  preview(userId: string, limit: number): Promise<PlanListRow[]> {
    return this.query<PlanListRow>(
      `SELECT * FROM (${[
        ownBranch('draft', ''),
        ownBranch('prepared', ''),
        ownBranch('completed', ''),
        collaboratingBranch(''),
      ].join(' UNION ALL ')}) merged ORDER BY ${LIST_ORDER} LIMIT $2`,
      [userId, limit],
    );
  }

  private list(branches: string[], userId: string, page: PlanListPage): Promise<PlanListRow[]> {
    const values: unknown[] = [userId, page.limit + 1];
    if (page.after) {
      values.push(page.after.updatedAtMicros, page.after.id);
    }
    return this.query<PlanListRow>(
      `SELECT * FROM (${branches.join(' UNION ALL ')}) merged ORDER BY ${LIST_ORDER} LIMIT $2`,
      values,
    );
  }
}
