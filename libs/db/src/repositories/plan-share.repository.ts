import { PLAN_SHARE_TOKEN_PATTERN, type AccessType, type PlanStatus } from '@datebook/contracts';
import { planMemberSql } from './plan-members-sql';
import { activityCoverSql, ENTRY_ORDER, isoSql, linkedActivityJoinSql } from './plan-sql';
import { SqlRepository } from './sql-repository';

/**
 * An entry as the share link shows it. The linked columns are filled only for an activity a visitor
 * may see (never a private or admin author's, never a custom activity): the domain's title fallback
 * then reads 'Planned activity'. `custom_details` is raw, for the domain's title fallback (its first
 * line) only: the service must not send the details themselves.
 */
export interface SharedPlanEntryRow {
  is_custom: boolean;
  activity_title: string | null;
  custom_details: string | null;
  custom_location: string | null;
  /** The linked activity's location when shown, else the custom location. */
  location: string | null;
  begins_at: string | null;
  ends_at: string | null;
  cover_key: string | null;
}

/** Everything the share link may show; nothing about collaborators. */
export interface SharedPlanRow {
  title: string;
  date: string | null;
  time_zone: string;
  status: PlanStatus;
  owner_username: string;
  owner_display_name: string | null;
  owner_avatar_key: string | null;
  owner_is_private: boolean;
  owner_access_type: AccessType;
  entries: SharedPlanEntryRow[];
}

export type SharedPlanOutcome =
  { outcome: 'not_found' } | { outcome: 'draft' } | { outcome: 'ok'; plan: SharedPlanRow };

const SHARED_ENTRY_JSON = `json_build_object('is_custom', pe.is_custom, 'activity_title', a.title::text,
  'custom_details', pe.custom_details, 'custom_location', pe.custom_location,
  'location', COALESCE(a.location, pe.custom_location),
  'begins_at', ${isoSql('pe.begins_at')}, 'ends_at', ${isoSql('pe.ends_at')}, 'cover_key', ${activityCoverSql('a')})`;

/**
 * The public share link /plan/shared/{username}/{shareToken} (spec sections 4, 5 and 8), and its
 * token for the plan's members. The token (planned_dates.share_token, unique) is the link's only
 * secret; the plan's id is never looked up from outside.
 */
export class PlanShareRepository extends SqlRepository {
  /**
   * 'not_found' unless a plan holds `shareToken` and `username` is its owner's (case-insensitively,
   * as usernames are unique: profiles_username_lower_key) and the owner is a standard account not
   * awaiting deletion; 'draft' for a draft; else the projection, read as a visitor would.
   */
  async sharedProjection(username: string, shareToken: string): Promise<SharedPlanOutcome> {
    if (!PLAN_SHARE_TOKEN_PATTERN.test(shareToken)) {
      return { outcome: 'not_found' };
    }
    const [row] = await this.query<Omit<SharedPlanRow, 'entries'> & { entries: SharedPlanEntryRow[] | null }>(
      `SELECT pd.title, pd.date::text AS date, pd.time_zone, pd.status,
              op.username AS owner_username, op.display_name AS owner_display_name,
              op.avatar_key AS owner_avatar_key, op.is_private AS owner_is_private,
              op.access_type AS owner_access_type,
              CASE WHEN pd.status <> 'draft' THEN COALESCE((
                SELECT json_agg(${SHARED_ENTRY_JSON} ORDER BY ${ENTRY_ORDER})
                  FROM planned_date_activities pe ${linkedActivityJoinSql('NULL')}
                 WHERE pe.planned_date_id = pd.id AND pe.deleted_at IS NULL), '[]'::json) END AS entries
         FROM planned_dates pd
         JOIN profiles op ON op.id = pd.owner_id
         JOIN users ou ON ou.id = op.id
        WHERE pd.share_token = $2 AND lower(op.username) = lower($1)
          AND op.access_type = 'standard' AND ou.deleted_at IS NULL`,
      [username, shareToken],
    );
    if (!row) {
      return { outcome: 'not_found' };
    }
    if (row.status === 'draft') {
      return { outcome: 'draft' };
    }
    return { outcome: 'ok', plan: { ...row, entries: row.entries ?? [] } };
  }

  /** The plan's share token when `memberId` is its owner or a collaborator; undefined otherwise. */
  async shareToken(planId: string, memberId: string): Promise<string | undefined> {
    const [row] = await this.query<{ share_token: string }>(
      `SELECT plan.share_token FROM planned_dates plan WHERE plan.id = $1 AND ${planMemberSql('plan', '$2')}`,
      [planId, memberId],
    );
    return row?.share_token;
  }

  /**
   * A new token for the owner's plan (the column's default makes it), which ends the old link;
   * undefined when `ownerId` does not own the plan.
   */
  async resetShareToken(planId: string, ownerId: string): Promise<string | undefined> {
    const [row] = await this.modifyReturning<{ share_token: string }>(
      `UPDATE planned_dates SET share_token = DEFAULT WHERE id = $1 AND owner_id = $2 RETURNING share_token`,
      [planId, ownerId],
    );
    return row?.share_token;
  }
}
