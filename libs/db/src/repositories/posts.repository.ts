import type {
  ActivityPlace,
  CreateActivity,
  CreateDate,
  LocationType,
  PostKind,
  UpdateActivity,
  UpdateDate,
} from '@datebook/contracts';
import { afterPositionSql, type KeysetPosition } from './keyset';
import { cardSelectSql, DETAIL_COLUMNS, type ActivityRow, type CardRow, type DateRow } from './post-cards';
import { POST_TABLES, visiblePostSql } from './post-tables';
import { SqlRepository } from './sql-repository';

/** What an owner action or an interaction needs to decide, for a post that exists. */
export interface PostAccessRow {
  id: string;
  user_id: string;
  visible: boolean;
  allow_comments: boolean;
}

const RELATED_LIMIT = 3;

/**
 * Activities and dates, their category links and a date's connected activities. Every read takes
 * the viewer first ($1) and filters through the visibility policy; every write names the owner.
 */
export class PostsRepository extends SqlRepository {
  findActivity(viewerId: string | null, id: string): Promise<ActivityRow | undefined> {
    return this.findVisible<ActivityRow>('activity', viewerId, id);
  }

  findDate(viewerId: string | null, id: string): Promise<DateRow | undefined> {
    return this.findVisible<DateRow>('date', viewerId, id);
  }

  /** Exists at all, and whether the viewer may see it: owner actions answer 404 and 403 apart. */
  async findAccess(kind: PostKind, viewerId: string | null, id: string): Promise<PostAccessRow | undefined> {
    const { table } = POST_TABLES[kind];
    const [row] = await this.query<PostAccessRow>(
      `SELECT x.id, x.user_id, ${visiblePostSql(kind, 'x', 'p', '$1')} AS visible,
              ${kind === 'date' ? 'x.allow_comments' : 'true'} AS allow_comments
         FROM ${table} x JOIN profiles p ON p.id = x.user_id WHERE x.id = $2`,
      [viewerId, id],
    );
    return row;
  }

  /**
   * Newest first, keyset on (created_at, id) over the author's index. One row more than asked tells
   * whether another page exists without a count.
   */
  listByAuthor(
    kind: PostKind,
    viewerId: string | null,
    authorId: string,
    page: { after?: KeysetPosition; limit: number },
  ): Promise<CardRow[]> {
    const values: unknown[] = [viewerId, authorId, page.limit + 1];
    const after = afterPositionSql('x', 'desc', page.after, values);
    return this.query<CardRow>(
      `${cardSelectSql(kind)}
        WHERE x.user_id = $2 AND ${visiblePostSql(kind, 'x', 'p', '$1')} ${after}
        ORDER BY x.created_at DESC, x.id DESC LIMIT $3`,
      values,
    );
  }

  /** The newest few dates the viewer may see that connect this activity. */
  connectedDates(viewerId: string | null, activityId: string): Promise<CardRow[]> {
    return this.query<CardRow>(
      `${cardSelectSql('date')}
        JOIN dates_activities da ON da.date_id = x.id
        WHERE da.activity_id = $2 AND ${visiblePostSql('date', 'x', 'p', '$1')}
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${RELATED_LIMIT}`,
      [viewerId, activityId],
    );
  }

  /** 'You might also like': other visible, non-custom activities sharing a category. */
  similarActivities(viewerId: string | null, activityId: string): Promise<CardRow[]> {
    return this.query<CardRow>(
      `${cardSelectSql('activity')}
        WHERE x.id IN (SELECT other.activity_id FROM activity_categories mine
                         JOIN activity_categories other ON other.category_id = mine.category_id
                        WHERE mine.activity_id = $2 AND other.activity_id <> $2)
          AND NOT x.is_custom AND ${visiblePostSql('activity', 'x', 'p', '$1')}
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${RELATED_LIMIT}`,
      [viewerId, activityId],
    );
  }

  /** A date's linked activities the viewer may see (admins' and others' custom ones drop out). */
  linkedActivities(viewerId: string | null, dateId: string): Promise<CardRow[]> {
    return this.query<CardRow>(
      `${cardSelectSql('activity')}
        JOIN dates_activities da ON da.activity_id = x.id
        WHERE da.date_id = $2 AND ${visiblePostSql('activity', 'x', 'p', '$1')}
        ORDER BY x.created_at DESC, x.id DESC`,
      [viewerId, dateId],
    );
  }

  /** The post an earlier attempt of this publish made, if there was one. */
  async findPublished(
    kind: PostKind,
    authorId: string,
    publishRequestId: string,
  ): Promise<string | undefined> {
    const [row] = await this.query<{ id: string }>(
      `SELECT id FROM ${POST_TABLES[kind].table} WHERE user_id = $1 AND publish_request_id = $2`,
      [authorId, publishRequestId],
    );
    return row?.id;
  }

  /** A unique index on (user_id, publish_request_id) refuses a second post for one request (23505). */
  async insertActivity(authorId: string, input: CreateActivity, categorySlug: string): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO activities (user_id, title, description, category, mood, budget, duration,
                               location_type, location, tags, equipment, publish_request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        authorId,
        input.title,
        input.description,
        categorySlug,
        input.mood ?? null,
        input.budget,
        input.timeRequired,
        input.locationType,
        input.location,
        input.tags,
        input.equipment,
        input.requestId ?? null,
      ],
    );
    return row!.id;
  }

  /** A unique index on (user_id, publish_request_id) refuses a second post for one request (23505). */
  async insertDate(authorId: string, input: CreateDate): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO dates (user_id, title, description, date_of, tags, visibility_public, allow_comments,
                          publish_request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        authorId,
        input.title,
        input.description,
        input.dateOf ?? null,
        input.tags,
        input.visibilityPublic,
        input.allowComments,
        input.requestId ?? null,
      ],
    );
    return row!.id;
  }

  /** An activity has one category; its link row follows the slug on the activity. */
  async setActivityCategory(activityId: string, categoryId: number): Promise<void> {
    await this.query('DELETE FROM activity_categories WHERE activity_id = $1', [activityId]);
    await this.query('INSERT INTO activity_categories (activity_id, category_id) VALUES ($1, $2)', [
      activityId,
      categoryId,
    ]);
  }

  /** Links the activities the author may see to the date; gives back how many were linked. */
  async linkActivities(authorId: string, dateId: string, activityIds: string[]): Promise<number> {
    if (activityIds.length === 0) {
      return 0;
    }
    const linked = await this.query<{ activity_id: string }>(
      `INSERT INTO dates_activities (date_id, activity_id)
       SELECT $2, x.id FROM activities x JOIN profiles p ON p.id = x.user_id
        WHERE x.id = ANY($3::bigint[]) AND ${visiblePostSql('activity', 'x', 'p', '$1')}
       RETURNING activity_id`,
      [authorId, dateId, activityIds],
    );
    return linked.length;
  }

  /** Where the owner's activity is now, locked until the transaction ends so an edit applies to it. */
  async lockActivityPlace(
    ownerId: string,
    id: string,
  ): Promise<{ location_type: LocationType; location: string | null } | undefined> {
    const [row] = await this.query<{ location_type: LocationType; location: string | null }>(
      `SELECT location_type, location FROM activities WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [id, ownerId],
    );
    return row;
  }

  /** `place`, when given, is where the activity ends up as a whole: the caller settled it. */
  async updateActivity(
    ownerId: string,
    id: string,
    changes: Omit<UpdateActivity, 'locationType' | 'location'>,
    categorySlug: string | undefined,
    place: ActivityPlace | undefined,
  ): Promise<void> {
    await this.query(
      `UPDATE activities SET
          title = COALESCE($3, title), description = COALESCE($4, description),
          category = COALESCE($5, category), budget = COALESCE($6, budget),
          tags = COALESCE($7, tags), equipment = COALESCE($8, equipment),
          location_type = COALESCE($9, location_type),
          location = CASE WHEN $9 IS NULL THEN location ELSE $10 END,
          updated_at = now()
        WHERE id = $1 AND user_id = $2`,
      [
        id,
        ownerId,
        changes.title ?? null,
        changes.description ?? null,
        categorySlug ?? null,
        changes.budget ?? null,
        changes.tags ?? null,
        changes.equipment ?? null,
        place?.locationType ?? null,
        place?.location ?? null,
      ],
    );
  }

  async updateDate(ownerId: string, id: string, changes: UpdateDate): Promise<void> {
    await this.query(
      `UPDATE dates SET title = COALESCE($3, title), description = COALESCE($4, description),
              tags = COALESCE($5, tags), visibility_public = COALESCE($6, visibility_public),
              updated_at = now()
        WHERE id = $1 AND user_id = $2`,
      [
        id,
        ownerId,
        changes.title ?? null,
        changes.description ?? null,
        changes.tags ?? null,
        changes.visibilityPublic ?? null,
      ],
    );
  }

  /** Media, likes, comments and links go with it, by cascade. */
  async deleteOwned(kind: PostKind, ownerId: string, id: string): Promise<void> {
    await this.query(`DELETE FROM ${POST_TABLES[kind].table} WHERE id = $1 AND user_id = $2`, [id, ownerId]);
  }

  private async findVisible<R extends CardRow>(
    kind: PostKind,
    viewerId: string | null,
    id: string,
  ): Promise<R | undefined> {
    const [row] = await this.query<R>(
      `${cardSelectSql(kind, DETAIL_COLUMNS[kind])}
        WHERE x.id = $2 AND ${visiblePostSql(kind, 'x', 'p', '$1')}`,
      [viewerId, id],
    );
    return row;
  }
}
