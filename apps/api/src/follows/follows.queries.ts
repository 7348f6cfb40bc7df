import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { profileMessages, type AccessType, type FollowList } from '@datebook/contracts';
import { ValidationError } from '@datebook/server';
import { decodeKeysetCursor, keysetPage, type KeysetCursor } from '../http/keyset-cursor';
import { followerCountSql, listedProfile } from '../profiles/profiles.queries';

export type FollowDirection = 'followers' | 'following';

/** A position in a list: the follow row's created_at (in microseconds, its full precision) and id. */
type FollowCursor = KeysetCursor;

export interface MemberRow {
  id: string;
  username: string;
  access_type: AccessType;
}

interface FollowListRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  is_following: boolean;
  follow_id: string;
  created_at_micros: string;
}

/** Which end of the follow row is the listed member, and which is the profile whose list it is. */
const ENDS: Record<FollowDirection, { listed: string; owner: string }> = {
  followers: { listed: 'follower_id', owner: 'following_id' },
  following: { listed: 'following_id', owner: 'follower_id' },
};

export function decodeFollowCursor(cursor: string): FollowCursor {
  const position = decodeKeysetCursor(cursor);
  if (!position) {
    throw new ValidationError([{ path: 'cursor', message: profileMessages.invalidCursor }]);
  }
  return position;
}

@Injectable()
export class FollowQueries {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Keyset pages by (created_at DESC, id DESC) on the follows index of the owner's end. Admins are
   * filtered before the LIMIT, so every page but the last is full. One row more than asked tells
   * whether another page exists without a count.
   */
  async list(
    direction: FollowDirection,
    viewerId: string | null,
    profileId: string,
    page: { after?: FollowCursor; limit: number },
  ): Promise<FollowList> {
    const { listed, owner } = ENDS[direction];
    const values: unknown[] = [profileId, viewerId, page.limit + 1];
    let after = '';
    if (page.after) {
      values.push(page.after.createdAtMicros, page.after.id);
      after = `AND (f.created_at, f.id)
                 < (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::bigint)`;
    }
    const rows = await this.dataSource.query<FollowListRow[]>(
      `SELECT p.id, p.username, p.display_name, p.avatar_url,
              EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = $2::uuid AND v.following_id = p.id) AS is_following,
              f.id AS follow_id, (extract(epoch FROM f.created_at) * 1000000)::bigint::text AS created_at_micros
         FROM follows f JOIN profiles p ON p.id = f.${listed}
        WHERE f.${owner} = $1 AND ${listedProfile('p')} ${after}
        ORDER BY f.created_at DESC, f.id DESC
        LIMIT $3`,
      values,
    );
    return keysetPage(
      rows,
      page.limit,
      (row) => ({
        id: row.id,
        username: row.username,
        displayName: row.display_name,
        avatarUrl: row.avatar_url,
        isFollowing: row.is_following,
      }),
      (row) => ({ createdAtMicros: row.created_at_micros, id: row.follow_id }),
    );
  }

  /** True when this call created the follow. */
  async follow(followerId: string, followingId: string): Promise<boolean> {
    const inserted = await this.dataSource.query<unknown[]>(
      `INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)
       ON CONFLICT ON CONSTRAINT follows_pair_key DO NOTHING RETURNING id`,
      [followerId, followingId],
    );
    return inserted.length > 0;
  }

  /** True when this call removed the follow. */
  async unfollow(followerId: string, followingId: string): Promise<boolean> {
    // Wrapped in a SELECT because TypeORM answers a bare DELETE with [rows, rowCount].
    const [row] = await this.dataSource.query<Array<{ removed: boolean }>>(
      `WITH gone AS (DELETE FROM follows WHERE follower_id = $1 AND following_id = $2 RETURNING id)
       SELECT EXISTS (SELECT 1 FROM gone) AS removed`,
      [followerId, followingId],
    );
    return row?.removed === true;
  }

  async followerCount(profileId: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT ${followerCountSql('$1')} AS count`,
      [profileId],
    );
    return row?.count ?? 0;
  }

  async member(userId: string): Promise<MemberRow | undefined> {
    const [row] = await this.dataSource.query<MemberRow[]>(
      'SELECT id, username, access_type FROM profiles WHERE id = $1',
      [userId],
    );
    return row;
  }
}
