import { afterPositionSql, createdAtMicrosSql, type KeysetPosition } from './keyset';
import type { MemberRow } from './profiles.repository';
import { SqlRepository } from './sql-repository';

/** A member waiting for the private member's approval, with the request's position in the list. */
export interface FollowRequestRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
  created_at: Date;
  request_id: string;
  created_at_micros: string;
}

/**
 * Pending follow requests to private members. They never appear in `follows`: a request is nothing
 * until it is approved, and approving moves the pair to `follows` in one statement, so no reader sees
 * both or neither.
 */
export class FollowRequestsRepository extends SqlRepository {
  /**
   * True when this call created the request. Nothing is written when the target is not private (any
   * more) or the requester already follows them; the FOR SHARE waits for a privacy switch in flight,
   * so a request cannot slip in after the switch to public approved the pending ones.
   */
  async create(requesterId: string, targetId: string): Promise<boolean> {
    const inserted = await this.query<unknown>(
      `INSERT INTO follow_requests (requester_id, target_id)
       SELECT $1, p.id FROM profiles p
        WHERE p.id = $2 AND p.is_private
          AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.following_id = p.id)
          FOR SHARE OF p
       ON CONFLICT (requester_id, target_id) DO NOTHING RETURNING requester_id`,
      [requesterId, targetId],
    );
    return inserted.length > 0;
  }

  /** True when this call removed the request (withdrawn by the requester, or declined). */
  async remove(requesterId: string, targetId: string): Promise<boolean> {
    const removed = await this.modifyReturning<unknown>(
      'DELETE FROM follow_requests WHERE requester_id = $1 AND target_id = $2 RETURNING requester_id',
      [requesterId, targetId],
    );
    return removed.length > 0;
  }

  /** The requesters whose requests this call removed. */
  async removeAll(targetId: string): Promise<string[]> {
    const removed = await this.modifyReturning<{ requester_id: string }>(
      'DELETE FROM follow_requests WHERE target_id = $1 RETURNING requester_id',
      [targetId],
    );
    return removed.map((row) => row.requester_id);
  }

  /**
   * Moves the requests of `requesterId` (one) or of everyone (null) to follows, and names the
   * requesters it moved. One statement: of two approvals at once the second finds the row gone and
   * moves nothing; a follow already there is kept as it is.
   */
  approve(targetId: string, requesterId: string | null): Promise<MemberRow[]> {
    return this.query<MemberRow>(
      `WITH moved AS (
         DELETE FROM follow_requests
          WHERE target_id = $1 AND ($2::uuid IS NULL OR requester_id = $2::uuid)
          RETURNING requester_id, target_id
       ), followed AS (
         INSERT INTO follows (follower_id, following_id)
         SELECT requester_id, target_id FROM moved
         ON CONFLICT ON CONSTRAINT follows_pair_key DO NOTHING
       )
       SELECT p.id, p.username, p.access_type FROM moved JOIN profiles p ON p.id = moved.requester_id`,
      [targetId, requesterId],
    );
  }

  async exists(requesterId: string, targetId: string): Promise<boolean> {
    const [row] = await this.query<{ exists: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM follow_requests WHERE requester_id = $1 AND target_id = $2) AS exists',
      [requesterId, targetId],
    );
    return row?.exists ?? false;
  }

  async count(targetId: string): Promise<number> {
    const [row] = await this.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM follow_requests WHERE target_id = $1',
      [targetId],
    );
    return row?.count ?? 0;
  }

  /** Keyset pages by (created_at DESC, id DESC); one row more than asked says whether more follow. */
  listPage(targetId: string, page: { after?: KeysetPosition; limit: number }): Promise<FollowRequestRow[]> {
    const values: unknown[] = [targetId, page.limit + 1];
    const after = afterPositionSql('r', 'desc', page.after, values);
    return this.query<FollowRequestRow>(
      `SELECT p.id, p.username, p.display_name, p.avatar_key, r.created_at,
              r.id AS request_id, ${createdAtMicrosSql('r')} AS created_at_micros
         FROM follow_requests r JOIN profiles p ON p.id = r.requester_id
        WHERE r.target_id = $1 ${after}
        ORDER BY r.created_at DESC, r.id DESC
        LIMIT $2`,
      values,
    );
  }
}
