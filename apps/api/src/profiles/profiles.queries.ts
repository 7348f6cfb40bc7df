import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccessType, UpdateProfile } from '@datebook/contracts';

/**
 * The SQL half of the profile visibility policy (spec section 6): admins are never listed in, nor
 * counted towards, anyone's followers or following. Every list and count applies it to the profile
 * on the other end of the follow row.
 */
export const listedProfile = (alias: string): string => `${alias}.access_type = 'standard'`;

/** Both counts are served by the follows indexes on (following_id, …) and (follower_id, …). */
export const followerCountSql = (profileId: string): string =>
  `(SELECT count(*)::int FROM follows cf JOIN profiles cp ON cp.id = cf.follower_id
     WHERE cf.following_id = ${profileId} AND ${listedProfile('cp')})`;
export const followingCountSql = (profileId: string): string =>
  `(SELECT count(*)::int FROM follows cf JOIN profiles cp ON cp.id = cf.following_id
     WHERE cf.follower_id = ${profileId} AND ${listedProfile('cp')})`;

/** What the policy needs to decide about a profile for one viewer. */
export interface AccessTargetRow {
  id: string;
  username: string;
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

const PROFILE_COLUMNS = `p.id, p.username, p.display_name, p.avatar_url, p.bio, p.location, p.tags, p.frequent_tags,
  p.is_private, p.access_type, p.show_location, p.show_frequent_tags,
  ${followerCountSql('p.id')} AS follower_count, ${followingCountSql('p.id')} AS following_count`;

const RELATIONSHIP_COLUMNS = `
  EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = $1::uuid AND v.following_id = p.id) AS viewer_follows,
  EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = p.id AND v.following_id = $1::uuid) AS follows_viewer`;

const EDITABLE_COLUMNS: Record<keyof UpdateProfile, string> = {
  displayName: 'display_name',
  bio: 'bio',
  location: 'location',
  showLocation: 'show_location',
};

/** Usernames are unique case-insensitively, so every lookup by name goes through lower() and its index. */
@Injectable()
export class ProfileQueries {
  constructor(private readonly dataSource: DataSource) {}

  async findAccessTarget(viewerId: string | null, username: string): Promise<AccessTargetRow | undefined> {
    const [row] = await this.dataSource.query<AccessTargetRow[]>(
      `SELECT p.id, p.username, p.is_private, p.access_type,
              EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = $1::uuid AND v.following_id = p.id) AS viewer_follows
         FROM profiles p WHERE lower(p.username) = lower($2)`,
      [viewerId, username],
    );
    return row;
  }

  async findByUsername(viewerId: string | null, username: string): Promise<ProfileRow | undefined> {
    const [row] = await this.dataSource.query<ProfileRow[]>(
      `SELECT ${PROFILE_COLUMNS}, ${RELATIONSHIP_COLUMNS} FROM profiles p WHERE lower(p.username) = lower($2)`,
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
