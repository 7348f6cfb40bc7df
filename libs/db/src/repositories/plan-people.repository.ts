import { collaboratesOnPlanSql } from './plan-members-sql';
import type { PlanPersonRow } from './plan-sql';
import { SqlRepository } from './sql-repository';

/** A profile the owner may pick as a collaborator. */
export interface CollaboratorChoiceRow extends PlanPersonRow {
  /** Already a collaborator of this plan. */
  invited: boolean;
}

/** A profile that may be offered and added as a collaborator: not an admin, account not deleted. */
const INVITABLE_PROFILE = `p.access_type = 'standard' AND NOT EXISTS
  (SELECT 1 FROM users u WHERE u.id = p.id AND u.deleted_at IS NOT NULL)`;

/** People as plans name them, and the owner's invite picker: whom they may add as a collaborator. */
export class PlanPeopleRepository extends SqlRepository {
  /**
   * The profiles the owner follows that may be invited (standard access, account not deleted), each
   * marked when already a collaborator of this plan of theirs; by shown name (display name, else
   * username), at most `limit`.
   */
  followedProfiles(ownerId: string, planId: string, limit: number): Promise<CollaboratorChoiceRow[]> {
    return this.query<CollaboratorChoiceRow>(
      `SELECT p.id, p.username, p.display_name, p.avatar_key,
              EXISTS (SELECT 1 FROM planned_dates pd
                       WHERE pd.id = $2 AND pd.owner_id = $1 AND ${collaboratesOnPlanSql('pd', 'p.id')}) AS invited
         FROM follows f JOIN profiles p ON p.id = f.following_id
        WHERE f.follower_id = $1 AND ${INVITABLE_PROFILE}
        ORDER BY lower(COALESCE(NULLIF(btrim(p.display_name), ''), p.username)), lower(p.username), p.id
        LIMIT $3`,
      [ownerId, planId, limit],
    );
  }

  /** Which of `userIds` the owner may add: profiles they follow, of standard access, not deleted. */
  async invitable(ownerId: string, userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) {
      return [];
    }
    const rows = await this.query<{ id: string }>(
      `SELECT p.id FROM follows f JOIN profiles p ON p.id = f.following_id
        WHERE f.follower_id = $1 AND f.following_id = ANY($2::uuid[]) AND ${INVITABLE_PROFILE}`,
      [ownerId, [...new Set(userIds)]],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Which of `userIds` the owner of plan `planId` may add, as plan screens name them: profiles the
   * owner follows, of standard access, not deleted. Read before the plan's lock is taken (a plan's
   * owner never changes), so the invite's transaction does not wait on it.
   */
  invitableToPlan(planId: string, userIds: readonly string[]): Promise<PlanPersonRow[]> {
    if (userIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<PlanPersonRow>(
      `SELECT p.id, p.username, p.display_name, p.avatar_key
         FROM planned_dates pd JOIN follows f ON f.follower_id = pd.owner_id
         JOIN profiles p ON p.id = f.following_id
        WHERE pd.id = $1 AND f.following_id = ANY($2::uuid[]) AND ${INVITABLE_PROFILE}`,
      [planId, [...new Set(userIds)]],
    );
  }

  /**
   * These people as plan screens name them, whether or not they are still on a plan; a deleted
   * account (purged or not yet) is left out, so nothing of it is named.
   */
  people(userIds: readonly string[]): Promise<PlanPersonRow[]> {
    if (userIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.query<PlanPersonRow>(
      `SELECT p.id, p.username, p.display_name, p.avatar_key
         FROM profiles p JOIN users u ON u.id = p.id AND u.deleted_at IS NULL
        WHERE p.id = ANY($1::uuid[])`,
      [[...new Set(userIds)]],
    );
  }
}
