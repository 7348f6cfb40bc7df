import { afterPositionSql, createdAtMicrosSql, type KeysetPosition } from './keyset';
import { followerCountSql, listedProfile } from './profile-follow-counts';
import { SqlRepository } from './sql-repository';

export type FollowDirection = 'followers' | 'following';

/** A member in a followers or following list, with the follow row's position in it. */
export interface FollowListRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_key: string | null;
  is_following: boolean;
  follow_id: string;
  created_at_micros: string;
}

/** Which end of the follow row is the listed member, and which is the profile whose list it is. */
const ENDS: Record<FollowDirection, { listed: string; owner: string }> = {
  followers: { listed: 'follower_id', owner: 'following_id' },
  following: { listed: 'following_id', owner: 'follower_id' },
};

/** The follows table. */
export class FollowsRepository extends SqlRepository {
  /**
   * Keyset pages by (created_at DESC, id DESC) on the follows index of the owner's end. Admins are
   * filtered before the LIMIT, so every page but the last is full. One row more than asked tells
   * whether another page exists without a count.
   */
  listPage(
    direction: FollowDirection,
    viewerId: string | null,
    profileId: string,
    page: { after?: KeysetPosition; limit: number },
  ): Promise<FollowListRow[]> {
    const { listed, owner } = ENDS[direction];
    const values: unknown[] = [profileId, viewerId, page.limit + 1];
    const after = afterPositionSql('f', 'desc', page.after, values);
    return this.query<FollowListRow>(
      `SELECT p.id, p.username, p.display_name, p.avatar_key,
              EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = $2::uuid AND v.following_id = p.id) AS is_following,
              f.id AS follow_id, ${createdAtMicrosSql('f')} AS created_at_micros
         FROM follows f JOIN profiles p ON p.id = f.${listed}
        WHERE f.${owner} = $1 AND ${listedProfile('p')} ${after}
        ORDER BY f.created_at DESC, f.id DESC
        LIMIT $3`,
      values,
    );
  }

  /** True when this call created the follow. */
  async follow(followerId: string, followingId: string): Promise<boolean> {
    const inserted = await this.query<unknown>(
      `INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)
       ON CONFLICT ON CONSTRAINT follows_pair_key DO NOTHING RETURNING id`,
      [followerId, followingId],
    );
    return inserted.length > 0;
  }

  /** True when this call removed the follow. */
  async unfollow(followerId: string, followingId: string): Promise<boolean> {
    const removed = await this.modifyReturning<unknown>(
      'DELETE FROM follows WHERE follower_id = $1 AND following_id = $2 RETURNING id',
      [followerId, followingId],
    );
    return removed.length > 0;
  }

  /** Followers as everyone is shown them: admins left out. */
  async countFollowers(profileId: string): Promise<number> {
    const [row] = await this.query<{ count: number }>(`SELECT ${followerCountSql('$1')} AS count`, [
      profileId,
    ]);
    return row?.count ?? 0;
  }
}
