import type { AccessType, UpdateProfile } from '@datebook/contracts';
import { followerCountSql, followingCountSql } from './profile-follow-counts';
import { SqlRepository } from './sql-repository';

/** What the policy needs to decide about a profile for one viewer. */
export interface ProfileAccessRow {
  id: string;
  username: string;
  is_private: boolean;
  access_type: AccessType;
  viewer_follows: boolean;
  /** The viewer's follow request to this profile waits for an answer. */
  viewer_requested: boolean;
}

export interface OwnProfileRow {
  id: string;
  username: string;
  is_private: boolean;
  access_type: AccessType;
  display_name: string | null;
  avatar_key: string | null;
  bio: string | null;
  location: string | null;
  tags: string[];
  frequent_tags: string[];
  show_location: boolean;
  show_frequent_tags: boolean;
  follower_count: number;
  following_count: number;
  follow_request_count: number;
}

export interface ProfileRow extends Omit<OwnProfileRow, 'follow_request_count'> {
  viewer_follows: boolean;
  follows_viewer: boolean;
  viewer_requested: boolean;
}

/** Who a member is, as the follow events name them. */
export interface MemberRow {
  id: string;
  username: string;
  access_type: AccessType;
}

/**
 * Frequent Tags (spec section 3): nothing in the product writes `frequent_tags`, so an empty column
 * reads as the 5 tags the member used most on their newest 100 activities and 100 public dates
 * (issue 24). Never custom activities or private dates, which only their author may see; bounded,
 * so a prolific member costs two index range reads.
 */
const FREQUENT_TAGS = `COALESCE(NULLIF(p.frequent_tags, '{}'), ARRAY(
  SELECT t.tag FROM (
    SELECT unnest(x.tags) AS tag FROM (
      (SELECT a.tags FROM activities a WHERE a.user_id = p.id AND NOT a.is_custom
        ORDER BY a.created_at DESC, a.id DESC LIMIT 100)
      UNION ALL
      (SELECT d.tags FROM dates d WHERE d.user_id = p.id AND d.visibility_public
        ORDER BY d.created_at DESC, d.id DESC LIMIT 100)) x) t
   GROUP BY t.tag ORDER BY count(*) DESC, t.tag LIMIT 5))`;

const PROFILE_COLUMNS = `p.id, p.username, p.display_name, p.avatar_key, p.bio, p.location, p.tags,
  ${FREQUENT_TAGS} AS frequent_tags, p.is_private, p.access_type, p.show_location, p.show_frequent_tags,
  ${followerCountSql('p.id')} AS follower_count, ${followingCountSql('p.id')} AS following_count`;

/** All take the viewer as $1; a visitor's NULL matches no follow row. */
const VIEWER_FOLLOWS = `EXISTS (SELECT 1 FROM follows v
  WHERE v.follower_id = $1::uuid AND v.following_id = p.id) AS viewer_follows`;
const VIEWER_REQUESTED = `EXISTS (SELECT 1 FROM follow_requests r
  WHERE r.requester_id = $1::uuid AND r.target_id = p.id) AS viewer_requested`;
const FOLLOWS_VIEWER = `EXISTS (SELECT 1 FROM follows v
  WHERE v.follower_id = p.id AND v.following_id = $1::uuid) AS follows_viewer`;

const EDITABLE_COLUMNS: Record<keyof UpdateProfile, string> = {
  displayName: 'display_name',
  bio: 'bio',
  location: 'location',
  showLocation: 'show_location',
};

/**
 * The profiles table. Usernames are unique case-insensitively: every lookup by name goes through
 * lower() and its index.
 */
export class ProfilesRepository extends SqlRepository {
  async findAccessTarget(viewerId: string | null, username: string): Promise<ProfileAccessRow | undefined> {
    const [row] = await this.query<ProfileAccessRow>(
      `SELECT p.id, p.username, p.is_private, p.access_type, ${VIEWER_FOLLOWS}, ${VIEWER_REQUESTED}
         FROM profiles p WHERE lower(p.username) = lower($2)`,
      [viewerId, username],
    );
    return row;
  }

  async findByUsername(viewerId: string | null, username: string): Promise<ProfileRow | undefined> {
    const [row] = await this.query<ProfileRow>(
      `SELECT ${PROFILE_COLUMNS}, ${VIEWER_FOLLOWS}, ${FOLLOWS_VIEWER}, ${VIEWER_REQUESTED}
         FROM profiles p WHERE lower(p.username) = lower($2)`,
      [viewerId, username],
    );
    return row;
  }

  async findOwn(userId: string): Promise<OwnProfileRow | undefined> {
    const [row] = await this.query<OwnProfileRow>(
      `SELECT ${PROFILE_COLUMNS},
              (SELECT count(*)::int FROM follow_requests r WHERE r.target_id = p.id) AS follow_request_count
         FROM profiles p WHERE p.id = $1`,
      [userId],
    );
    return row;
  }

  async findMember(userId: string): Promise<MemberRow | undefined> {
    const [row] = await this.query<MemberRow>(
      'SELECT id, username, access_type FROM profiles WHERE id = $1',
      [userId],
    );
    return row;
  }

  /** A new member's profile, shown under their username until they pick a display name. */
  async create(userId: string, username: string): Promise<void> {
    await this.query('INSERT INTO profiles (id, username, display_name) VALUES ($1, $2, $2)', [
      userId,
      username,
    ]);
  }

  /** Takes every post, follow, collection and plan of the member with it, by cascade. */
  async remove(userId: string): Promise<void> {
    await this.query('DELETE FROM profiles WHERE id = $1', [userId]);
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
    await this.query(
      `UPDATE profiles SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`,
      values,
    );
  }

  /** The unique index on lower(username) decides who gets a name, races included (23505). */
  async changeUsername(userId: string, username: string): Promise<void> {
    await this.query(
      'UPDATE profiles SET username = $2, updated_at = now() WHERE id = $1 AND username <> $2',
      [userId, username],
    );
  }

  async setPrivacy(userId: string, isPrivate: boolean): Promise<void> {
    await this.query(
      'UPDATE profiles SET is_private = $2, updated_at = now() WHERE id = $1 AND is_private <> $2',
      [userId, isPrivate],
    );
  }

  /** Points the profile at a processed avatar; gives back what a `profile.updated` event says. */
  async setAvatar(
    userId: string,
    avatarKey: string,
  ): Promise<Pick<OwnProfileRow, 'username' | 'display_name' | 'avatar_key'> | undefined> {
    const [row] = await this.modifyReturning<Pick<OwnProfileRow, 'username' | 'display_name' | 'avatar_key'>>(
      `UPDATE profiles SET avatar_key = $2, updated_at = now() WHERE id = $1
        RETURNING username, display_name, avatar_key`,
      [userId, avatarKey],
    );
    return row;
  }

  /** Moves the profile to the avatar's new key, only while it still shows the old one. */
  async moveAvatarKey(userId: string, from: string, to: string): Promise<void> {
    await this.query('UPDATE profiles SET avatar_key = $3 WHERE id = $1 AND avatar_key = $2', [
      userId,
      from,
      to,
    ]);
  }
}
