import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  messages,
  postMessages,
  type ActivityDetail,
  type DateDetail,
  type PostKind,
  type PostList,
  type PostListParams,
  type UpdateActivity,
  type UpdateDate,
} from '@datebook/contracts';
import { parsePostId, profileAccess } from '@datebook/domain';
import {
  ForbiddenError,
  modifyReturning,
  NotFoundError,
  ValidationError,
  writeOutbox,
} from '@datebook/server';
import type { Viewer } from '../auth/auth.decorators';
import { ProfileQueries } from '../profiles/profiles.queries';
import { POST_TABLES } from './post-visibility.sql';
import { decodePostCursor, PostQueries, toCard } from './posts.queries';

/** Reading posts through the visibility policy, and the owner's edits and deletes. */
@Injectable()
export class PostsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: PostQueries,
    private readonly profiles: ProfileQueries,
  ) {}

  /** A post the viewer may not see is answered exactly like one that does not exist. */
  async getActivity(viewer: Viewer | undefined, rawId: string): Promise<ActivityDetail> {
    const viewerId = viewer?.sub ?? null;
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.queries.findActivity(viewerId, id);
    if (!row) {
      throw new NotFoundError(postMessages.notFound);
    }
    const connectedDates = await this.queries.connectedDates(viewerId, row.id);
    return {
      ...toCard('activity', row),
      kind: 'activity',
      mood: row.mood,
      timeRequired: row.duration,
      locationType: row.location_type,
      location: row.location,
      siteSpecific: row.site_specific,
      equipment: row.equipment,
      isOwner: row.user_id === viewerId,
      connectedDates,
      youMightAlsoLike:
        connectedDates.length > 0 ? [] : await this.queries.similarActivities(viewerId, row.id),
    };
  }

  async getDate(viewer: Viewer | undefined, rawId: string): Promise<DateDetail> {
    const viewerId = viewer?.sub ?? null;
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.queries.findDate(viewerId, id);
    if (!row) {
      throw new NotFoundError(postMessages.notFound);
    }
    return {
      ...toCard('date', row),
      kind: 'date',
      allowComments: row.allow_comments,
      isOwner: row.user_id === viewerId,
      activities: await this.queries.linkedActivities(viewerId, row.id),
    };
  }

  /** A profile's tab: what the profile policy shows (admins to nobody else), then the post policy. */
  async listByProfile(
    viewer: Viewer | undefined,
    kind: PostKind,
    username: string,
    params: PostListParams,
  ): Promise<PostList> {
    const target = await this.profiles.findAccessTarget(viewer?.sub ?? null, username);
    if (!target) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    const access = profileAccess({
      viewerId: viewer?.sub,
      profileId: target.id,
      isPrivate: target.is_private,
      accessType: target.access_type,
      viewerFollows: target.viewer_follows,
    });
    if (access.hidden) {
      throw new NotFoundError(messages.loads.failedProfile);
    }
    if (!access.visible) {
      throw new ForbiddenError(messages.empty.privateUser);
    }
    const after = params.cursor === undefined ? undefined : decodePostCursor(params.cursor);
    return this.queries.listByAuthor(kind, viewer?.sub ?? null, target.id, { after, limit: params.limit });
  }

  async updateActivity(
    viewer: Viewer,
    rawId: string,
    changes: UpdateActivity,
    correlationId?: string,
  ): Promise<ActivityDetail> {
    const id = await this.ownPost(viewer, 'activity', rawId);
    await this.dataSource.transaction(async (manager) => {
      let categorySlug: string | undefined;
      if (changes.categoryId !== undefined) {
        const [category] = await manager.query<Array<{ slug: string }>>(
          `SELECT slug FROM categories WHERE id = $1 AND applies_to IN ('activity', 'both')`,
          [changes.categoryId],
        );
        if (!category) {
          throw new ValidationError([{ path: 'categoryId', message: messages.posts.categoryRequired }]);
        }
        categorySlug = category.slug;
        await manager.query('DELETE FROM activity_categories WHERE activity_id = $1', [id]);
        await manager.query('INSERT INTO activity_categories (activity_id, category_id) VALUES ($1, $2)', [
          id,
          changes.categoryId,
        ]);
      }
      // Location type and address move together: leaving Site Specific clears the address, and
      // Site Specific without an address (now or already stored) is refused.
      const [updated] = await modifyReturning<{ location_type: string; location: string | null }>(
        manager,
        `UPDATE activities SET
            title = COALESCE($2, title), description = COALESCE($3, description),
            category = COALESCE($4, category), budget = COALESCE($5, budget),
            tags = COALESCE($6, tags), equipment = COALESCE($7, equipment),
            location_type = COALESCE($8, location_type),
            location = CASE WHEN COALESCE($8, location_type) = 'Site Specific'
                            THEN COALESCE($9, location) END,
            site_specific = COALESCE($8, location_type) = 'Site Specific',
            updated_at = now()
          WHERE id = $1 RETURNING location_type, location`,
        [
          id,
          changes.title ?? null,
          changes.description ?? null,
          categorySlug ?? null,
          changes.budget ?? null,
          changes.tags ?? null,
          changes.equipment ?? null,
          changes.locationType ?? null,
          changes.location ?? null,
        ],
      );
      if (updated?.location_type === 'Site Specific' && !updated.location) {
        throw new ValidationError([
          { path: 'location', message: messages.posts.siteSpecificLocationRequired },
        ]);
      }
      await writeOutbox(manager, 'post.updated', { kind: 'activity', postId: id }, correlationId);
    });
    return this.getActivity(viewer, id);
  }

  async updateDate(
    viewer: Viewer,
    rawId: string,
    changes: UpdateDate,
    correlationId?: string,
  ): Promise<DateDetail> {
    const id = await this.ownPost(viewer, 'date', rawId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE dates SET title = COALESCE($2, title), description = COALESCE($3, description),
                tags = COALESCE($4, tags), visibility_public = COALESCE($5, visibility_public),
                updated_at = now()
          WHERE id = $1`,
        [
          id,
          changes.title ?? null,
          changes.description ?? null,
          changes.tags ?? null,
          changes.visibilityPublic ?? null,
        ],
      );
      await writeOutbox(manager, 'post.updated', { kind: 'date', postId: id }, correlationId);
    });
    return this.getDate(viewer, id);
  }

  /**
   * Rows go at once (media, likes, comments, links cascade, and the uploads the media came from);
   * the objects they pointed at are removed by a job, listed here because the rows that name them
   * are gone when it runs.
   */
  async remove(
    viewer: Viewer,
    kind: PostKind,
    rawId: string,
    correlationId?: string,
  ): Promise<{ deleted: true }> {
    const id = await this.ownPost(viewer, kind, rawId);
    const { table, fk } = POST_TABLES[kind];
    await this.dataSource.transaction(async (manager) => {
      const media = await manager.query<
        Array<{ storage_key: string; variant_keys: string[]; upload_id: string | null }>
      >(
        `SELECT storage_key, upload_id, ARRAY(
            SELECT k FROM (SELECT jsonb_array_elements(variants -> 'images') ->> 'key' AS k
                           UNION ALL SELECT variants #>> '{poster,key}') keys WHERE k IS NOT NULL
          ) AS variant_keys
           FROM post_media WHERE ${fk} = $1 FOR UPDATE`,
        [id],
      );
      await manager.query(`DELETE FROM ${table} WHERE id = $1 AND user_id = $2`, [id, viewer.sub]);
      await manager.query('DELETE FROM media_uploads WHERE id = ANY($1::uuid[])', [
        media.flatMap((m) => (m.upload_id ? [m.upload_id] : [])),
      ]);
      const keys = media.flatMap((m) => [m.storage_key, ...m.variant_keys]);
      await writeOutbox(
        manager,
        'post.deleted',
        { kind, postId: id, userId: viewer.sub, keys },
        correlationId,
      );
    });
    return { deleted: true };
  }

  /** 404 when the viewer cannot see the post (as for a missing one), 403 when they can but do not own it. */
  private async ownPost(viewer: Viewer, kind: PostKind, rawId: string): Promise<string> {
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.queries.access(kind, viewer.sub, id);
    if (!row?.visible) {
      throw new NotFoundError(postMessages.notFound);
    }
    if (row.user_id !== viewer.sub) {
      throw new ForbiddenError();
    }
    return row.id;
  }
}
