import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccessType, UpdateProfile } from '@datebook/contracts';

/**
 * The SQL half of the profile visibility policy (spec section 6): admins are never listed in, nor
 * counted towards, anyone's followers or following. Every list and count applies it to the profile
 * on the other end of the follow row.
 */
export const listedProfile = (alias: string): string => `${alias}.access_type = 'standard'`;
/** Its complement, spelled as the predicate of profiles_admin_idx so the planner can use that index. */
const adminProfile = (alias: string): string => `${alias}.access_type = 'admin'`;

/**
 * Every follow row minus those with an admin on the other end. The first part is an index-only count
 * of the profile's follows; the second probes the pair key once per admin (a handful, found through
 * profiles_admin_idx). The LATERAL … LIMIT 1 keeps the planner from turning the probes into a join
 * planned on the average profile, which for a profile with 100k followers walks all of them.
 */
const countExcludingAdmins = (profileId: string, own: 'follower_id' | 'following_id'): string => {
  const other = own === 'following_id' ? 'follower_id' : 'following_id';
  return `((SELECT count(*) FROM follows cf WHERE cf.${own} = ${profileId})
    - (SELECT count(*) FROM profiles ca CROSS JOIN LATERAL (SELECT 1 FROM follows cf
        WHERE cf.${other} = ca.id AND cf.${own} = ${profileId} LIMIT 1) hit WHERE ${adminProfile('ca')}))::int`;
};
export const followerCountSql = (profileId: string): string =>
  countExcludingAdmins(profileId, 'following_id');
export const followingCountSql = (profileId: string): string =>
  countExcludingAdmins(profileId, 'follower_id');

/** What the policy needs to decide about a profile for one viewer. */
export interface AccessTargetRow {
  id: string;
  is_private: boolean;
  access_type: AccessType;
  viewer_follows: boolean;
}

export interface OwnProfileRow {
  id: string;
  username: string;
  is_private: boolean;
  access_type: AccessType;
  display_name: string | null;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  tags: string[];
  frequent_tags: string[];
  show_location: boolean;
  show_frequent_tags: boolean;
  follower_count: number;
  following_count: number;
}

export interface ProfileRow extends OwnProfileRow {
  viewer_follows: boolean;
  follows_viewer: boolean;
}

const PROFILE_COLUMNS = `p.id, p.username, p.display_name, p.avatar_url, p.bio, p.location, p.tags,
  p.frequent_tags, p.is_private, p.access_type, p.show_location, p.show_frequent_tags,
  ${followerCountSql('p.id')} AS follower_count, ${followingCountSql('p.id')} AS following_count`;

/** Both take the viewer as $1; a visitor's NULL matches no follow row. */
const VIEWER_FOLLOWS = `EXISTS (SELECT 1 FROM follows v
  WHERE v.follower_id = $1::uuid AND v.following_id = p.id) AS viewer_follows`;
const FOLLOWS_VIEWER = `EXISTS (SELECT 1 FROM follows v
  WHERE v.follower_id = p.id AND v.following_id = $1::uuid) AS follows_viewer`;

const EDITABLE_COLUMNS: Record<keyof UpdateProfile, string> = {
  displayName: 'display_name',
  bio: 'bio',
  location: 'location',
  showLocation: 'show_location',
};

/** Usernames are unique case-insensitively: every lookup by name goes through lower() and its index. */
@Injectable()
export class ProfileQueries {
  constructor(private readonly dataSource: DataSource) {}

  async findAccessTarget(viewerId: string | null, username: string): Promise<AccessTargetRow | undefined> {
    const [row] = await this.dataSource.query<AccessTargetRow[]>(
      `SELECT p.id, p.is_private, p.access_type, ${VIEWER_FOLLOWS}
         FROM profiles p WHERE lower(p.username) = lower($2)`,
      [viewerId, username],
    );
    return row;
  }

  async findByUsername(viewerId: string | null, username: string): Promise<ProfileRow | undefined> {
    const [row] = await this.dataSource.query<ProfileRow[]>(
      `SELECT ${PROFILE_COLUMNS}, ${VIEWER_FOLLOWS}, ${FOLLOWS_VIEWER}
         FROM profiles p WHERE lower(p.username) = lower($2)`,
      [viewerId, username],
    );
    return row;
  }

  async findOwn(userId: string): Promise<OwnProfileRow | undefined> {
    const [row] = await this.dataSource.query<OwnProfileRow[]>(
      `SELECT ${PROFILE_COLUMNS} FROM profiles p WHERE p.id = $1`,
      [userId],
    );
    return row;
  }

  async updateOwn(userId: string, changes: UpdateProfile): Promise<void> {
    const assignments: string[] = [];
    const values: unknown[] = [userId];
    for (const [field, column] of Object.entries(EDITABLE_COLUMNS) as Array<[keyof UpdateProfile, string]>) {
      const value = changes[field];
      if (value !== undefined) {
        values.push(value);
        assignments.push(`${column} = $${values.length}`);
      }
    }
    if (assignments.length === 0) {
      return;
    }
    await this.dataSource.query(
      `UPDATE profiles SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`,
      values,
    );
  }

  /** The unique index on lower(username) decides who gets a name, races included (23505). */
  async changeUsername(userId: string, username: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE profiles SET username = $2, updated_at = now() WHERE id = $1 AND username <> $2',
      [userId, username],
    );
  }

  async setPrivacy(userId: string, isPrivate: boolean): Promise<void> {
    await this.dataSource.query(
      'UPDATE profiles SET is_private = $2, updated_at = now() WHERE id = $1 AND is_private <> $2',
      [userId, isPrivate],
    );
  }
}
