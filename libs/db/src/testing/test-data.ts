import { randomUUID } from 'node:crypto';
import type { AccessType, Budget, LocationType, MediaKind, MediaStatus } from '@datebook/contracts';
import type { DataSource } from 'typeorm';
import {
  CollectionsRepository,
  FollowRequestsRepository,
  FollowsRepository,
  PlansRepository,
  ProfilesRepository,
  UsersRepository,
  type PlanFieldChanges,
  type PlanRowWrite,
} from '../repositories';
import type { SqlExecutor } from '../repositories/sql-repository';

/*
 * Data builders for tests (CONVENTIONS 13, immich's medium-test context): each writes one thing with
 * defaults a test need not spell out, through the repositories where they have the write. Posts and
 * their media are plain inserts: the publish path (PostsRepository.insertActivity) needs a whole
 * request and cannot set what tests arrange — a post's age, its counters, a custom activity.
 */

export interface TestMember {
  id: string;
  email: string;
  username: string;
}

export interface NewMemberOptions {
  email?: string;
  username?: string;
  /** Stored as is; 'hash' unless the test signs in with a password (the api's kit hashes one). */
  passwordHash?: string;
  /** Confirmed unless false. */
  confirmed?: boolean;
  /** The username unless given; null leaves the profile without one. */
  displayName?: string | null;
  bio?: string;
  isPrivate?: boolean;
  accessType?: AccessType;
  avatarKey?: string;
  avatarUrl?: string;
  /** Every member gets their default collection at sign-up; false leaves it out. */
  defaultCollection?: boolean;
}

/** Columns a test may set on a post, beyond its author and title. */
interface PostColumns {
  description?: string;
  category?: string | null;
  budget?: Budget | null;
  tags?: string[];
  imageUrls?: string[];
  createdAt?: Date;
  likeCount?: number;
  commentCount?: number;
}

export interface NewActivityOptions extends PostColumns {
  title?: string;
  location?: string | null;
  mood?: string | null;
  duration?: string | null;
  locationType?: LocationType;
  isCustom?: boolean;
  /** Adds a ready photo whose display key this is (the post's cover). */
  coverKey?: string;
}

export interface NewDateOptions extends PostColumns {
  title?: string;
  isPublic?: boolean;
}

export interface NewPostMediaOptions {
  userId: string;
  activityId?: string;
  dateId?: string;
  mediaType?: 'photo' | 'video';
  storageKey?: string;
  displayKey?: string | null;
  url?: string;
  status?: 'pending' | 'processing' | 'ready' | 'failed';
  position?: number;
  uploadId?: string;
  variants?: Record<string, unknown>;
}

export interface NewMediaUploadOptions {
  kind?: MediaKind;
  /** A fresh key of the member unless given. */
  storageKey?: string;
  contentType?: string;
  size?: number;
  status?: MediaStatus;
  createdAt?: Date;
  updatedAt?: Date;
}

/** What `TestData.planOp` writes; nothing but the version and an event when empty. */
export interface TestPlanOp {
  rows?: readonly PlanRowWrite[];
  fields?: PlanFieldChanges;
  opId?: string;
  /** The event's op and result as stored (`{}` unless given). */
  op?: unknown;
  result?: unknown;
  inverse?: unknown;
}

export interface NewPlanOptions {
  title?: string;
  date?: string | null;
  collaboratorIds?: readonly string[];
}

const POST_COLUMNS = {
  description: 'description',
  category: 'category',
  budget: 'budget',
  tags: 'tags',
  imageUrls: 'image_urls',
  createdAt: 'created_at',
  likeCount: 'like_count',
  commentCount: 'comment_count',
} satisfies Record<keyof PostColumns, string>;

const ACTIVITY_COLUMNS = {
  title: 'title',
  ...POST_COLUMNS,
  location: 'location',
  mood: 'mood',
  duration: 'duration',
  locationType: 'location_type',
  isCustom: 'is_custom',
} satisfies Record<Exclude<keyof NewActivityOptions, 'coverKey'>, string>;

const DATE_COLUMNS = {
  title: 'title',
  ...POST_COLUMNS,
  isPublic: 'visibility_public',
} satisfies Record<keyof NewDateOptions, string>;

const PROFILE_COLUMNS = {
  displayName: 'display_name',
  bio: 'bio',
  isPrivate: 'is_private',
  accessType: 'access_type',
  avatarKey: 'avatar_key',
  avatarUrl: 'avatar_url',
} satisfies Partial<Record<keyof NewMemberOptions, string>>;

let sequence = 0;

/** A short tag no other builder call in this run repeats, for unique names and addresses. */
export function uniqueTag(): string {
  sequence += 1;
  return `${sequence}${randomUUID().slice(0, 6)}`;
}

/** The given options' columns and values, in the column map's order, skipping what is undefined. */
function columnsOf<O extends object>(
  options: O,
  map: Partial<Record<keyof O, string>>,
): { columns: string[]; values: unknown[] } {
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const [field, column] of Object.entries(map) as Array<[keyof O, string]>) {
    const value = options[field];
    if (value !== undefined) {
      columns.push(column);
      values.push(value);
    }
  }
  return { columns, values };
}

async function insertRow(
  db: SqlExecutor,
  table: string,
  columns: string[],
  values: unknown[],
): Promise<string> {
  const placeholders = values.map((_, index) => `$${index + 1}`).join(', ');
  const [row] = await db.query<Array<{ id: string }>>(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders}) RETURNING id`,
    values,
  );
  return row!.id;
}

/** The builders, bound to one test database. */
export class TestData {
  constructor(readonly db: DataSource) {}

  /** A member as sign-up leaves them: account, profile and default collection, in one transaction. */
  newMember(options: NewMemberOptions = {}): Promise<TestMember> {
    const tag = uniqueTag();
    const username = options.username ?? `member_${tag}`;
    const email = options.email ?? `member-${tag}@example.com`;
    return this.db.transaction(async (manager) => {
      const id = await new UsersRepository(manager).insert(email, options.passwordHash ?? 'hash');
      await new ProfilesRepository(manager).create(id, username);
      if (options.confirmed !== false) {
        await new UsersRepository(manager).confirmEmail(id);
      }
      const { columns, values } = columnsOf(options, PROFILE_COLUMNS);
      if (columns.length > 0) {
        const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
        await manager.query(`UPDATE profiles SET ${assignments.join(', ')} WHERE id = $1`, [id, ...values]);
      }
      if (options.defaultCollection !== false) {
        await new CollectionsRepository(manager).createDefault(id);
      }
      return { id, email, username };
    });
  }

  async newActivity(userId: string, options: NewActivityOptions = {}): Promise<string> {
    const { columns, values } = columnsOf({ title: 'Picnic', ...options }, ACTIVITY_COLUMNS);
    const id = await insertRow(this.db, 'activities', ['user_id', ...columns], [userId, ...values]);
    if (options.coverKey) {
      await this.newPostMedia({
        userId,
        activityId: id,
        displayKey: options.coverKey,
        storageKey: `${options.coverKey}-original`,
        status: 'ready',
      });
    }
    return id;
  }

  newDate(userId: string, options: NewDateOptions = {}): Promise<string> {
    const { columns, values } = columnsOf({ title: 'Our date', ...options }, DATE_COLUMNS);
    return insertRow(this.db, 'dates', ['user_id', ...columns], [userId, ...values]);
  }

  /** A photo or video of a post; a fresh storage key unless given. */
  newPostMedia(options: NewPostMediaOptions): Promise<string> {
    const { columns, values } = columnsOf(
      { mediaType: 'photo', storageKey: `${options.userId}/${randomUUID()}.jpg`, ...options },
      {
        userId: 'user_id',
        activityId: 'activity_id',
        dateId: 'date_id',
        mediaType: 'media_type',
        storageKey: 'storage_key',
        displayKey: 'display_key',
        url: 'url',
        status: 'status',
        position: 'position',
        uploadId: 'upload_id',
        variants: 'variants',
      } satisfies Record<keyof NewPostMediaOptions, string>,
    );
    return insertRow(this.db, 'post_media', columns, values);
  }

  /** An upload as saving it leaves it (processing); its id. */
  newMediaUpload(userId: string, options: NewMediaUploadOptions = {}): Promise<string> {
    const { columns, values } = columnsOf(
      {
        kind: 'activity',
        storageKey: `${userId}/${randomUUID()}.jpg`,
        contentType: 'image/jpeg',
        size: 1,
        status: 'processing',
        ...options,
      },
      {
        kind: 'kind',
        storageKey: 'storage_key',
        contentType: 'content_type',
        size: 'size',
        status: 'status',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      } satisfies Record<keyof NewMediaUploadOptions, string>,
    );
    return insertRow(this.db, 'media_uploads', ['user_id', ...columns], [userId, ...values]);
  }

  newCollection(ownerId: string, name = `Picnics ${uniqueTag()}`): Promise<string> {
    return new CollectionsRepository(this.db).insert(ownerId, name);
  }

  /** A draft plan at version 0, with its collaborators. */
  async newPlan(ownerId: string, options: NewPlanOptions = {}): Promise<string> {
    const { id } = await new PlansRepository(this.db).create(ownerId, {
      title: options.title ?? 'Saturday out',
      date: options.date ?? null,
    });
    if (options.collaboratorIds?.length) {
      await this.db.query(
        'INSERT INTO plan_collaborators (planned_date_id, user_id) SELECT $1, unnest($2::uuid[])',
        [id, [...new Set(options.collaboratorIds)]],
      );
    }
    return id;
  }

  /**
   * One applied operation's writes, through the statements an operation sends (`lockState`, then
   * `writeOperation` at the next version) in one transaction; its new version.
   */
  planOp(planId: string, actorId: string, write: TestPlanOp = {}): Promise<number> {
    return this.db.transaction(async (manager) => {
      const plans = new PlansRepository(manager);
      const locked = await plans.lockState(planId, {
        opIds: [randomUUID()],
        baseVersion: null,
        eventLimit: 0,
      });
      if (!locked) {
        throw new Error(`TestData.planOp: there is no plan ${planId}`);
      }
      const version = Number(locked.state.plan.version) + 1;
      const { updated } = await plans.writeOperation({
        planId,
        version: String(version),
        rows: write.rows ?? [],
        fields: write.fields ?? {},
        event: {
          op_id: write.opId ?? randomUUID(),
          actor_id: actorId,
          client_id: 'test-data',
          op: write.op ?? {},
          result: write.result ?? {},
          inverse: write.inverse ?? null,
        },
      });
      if (updated.includes(false)) {
        throw new Error('TestData.planOp: an entry it updates is missing or removed');
      }
      return version;
    });
  }

  async follow(followerId: string, followingId: string): Promise<void> {
    await new FollowsRepository(this.db).follow(followerId, followingId);
  }

  async unfollow(followerId: string, followingId: string): Promise<void> {
    await new FollowsRepository(this.db).unfollow(followerId, followingId);
  }

  /** A pending request; the target must be private, as only a private member is asked. */
  async followRequest(requesterId: string, targetId: string): Promise<void> {
    if (!(await new FollowRequestsRepository(this.db).create(requesterId, targetId))) {
      throw new Error('TestData.followRequest: the target is not private, or is followed already');
    }
  }
}
