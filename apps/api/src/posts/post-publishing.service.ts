import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  mediaMessages,
  messages,
  postMessages,
  VIDEO_CONTENT_TYPES,
  type CreateActivity,
  type CreateDate,
  type PostKind,
} from '@datebook/contracts';
import {
  isUniqueViolation,
  modifyReturning,
  ObjectStorage,
  ValidationError,
  writeOutbox,
} from '@datebook/server';
import type { Viewer } from '../auth/auth.decorators';
import { POST_TABLES, visiblePostSql } from './post-visibility.sql';

interface UploadRow {
  id: string;
  kind: string;
  storage_key: string;
  content_type: string;
  status: string;
}

/** An upload checked for use in a post, in the order the author chose. */
interface ReadyUpload {
  id: string;
  storageKey: string;
  mediaType: 'photo' | 'video';
  size: number;
}

const isVideo = (contentType: string): boolean =>
  (VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType);

/**
 * Publishing an Activity or a Date (spec section 4, Create): the post row, its category link, its
 * media rows, its connected activities, the uploads' status change and the events all commit in one
 * transaction, so a failure at any step leaves nothing behind. The checks that need the object store
 * run before it opens, so no transaction waits on the network.
 */
@Injectable()
export class PostPublishingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
  ) {}

  async createActivity(viewer: Viewer, input: CreateActivity, correlationId?: string): Promise<string> {
    const earlier = await this.earlierPublish(viewer, 'activity', input.requestId);
    if (earlier) {
      return earlier;
    }
    const [category] = await this.dataSource.query<Array<{ id: number; slug: string }>>(
      `SELECT id, slug FROM categories WHERE id = $1 AND applies_to IN ('activity', 'both')`,
      [input.categoryId],
    );
    if (!category) {
      throw new ValidationError([{ path: 'categoryId', message: messages.posts.categoryRequired }]);
    }
    const uploads = await this.checkUploads(viewer, 'activity', input.media);
    return this.oncePerRequest(viewer, 'activity', input.requestId, () =>
      this.dataSource.transaction(async (manager) => {
        const [post] = await manager.query<Array<{ id: string }>>(
          `INSERT INTO activities (user_id, title, description, category, mood, budget, duration,
                                   location_type, location, site_specific, tags, equipment, publish_request_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
          [
            viewer.sub,
            input.title,
            input.description,
            category.slug,
            input.mood ?? null,
            input.budget,
            input.timeRequired,
            input.locationType,
            input.location,
            input.locationType === 'Site Specific',
            input.tags,
            input.equipment,
            input.requestId ?? null,
          ],
        );
        const postId = post!.id;
        await manager.query('INSERT INTO activity_categories (activity_id, category_id) VALUES ($1, $2)', [
          postId,
          category.id,
        ]);
        await this.attachMedia(manager, viewer, 'activity', postId, uploads, correlationId);
        await writeOutbox(manager, 'post.created', { kind: 'activity', postId }, correlationId);
        return postId;
      }),
    );
  }

  async createDate(viewer: Viewer, input: CreateDate, correlationId?: string): Promise<string> {
    const earlier = await this.earlierPublish(viewer, 'date', input.requestId);
    if (earlier) {
      return earlier;
    }
    const uploads = await this.checkUploads(viewer, 'date', input.media);
    return this.oncePerRequest(viewer, 'date', input.requestId, () =>
      this.dataSource.transaction(async (manager) => {
        const [post] = await manager.query<Array<{ id: string }>>(
          `INSERT INTO dates (user_id, title, description, date_of, tags, visibility_public, allow_comments,
                              publish_request_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            viewer.sub,
            input.title,
            input.description,
            input.dateOf ?? null,
            input.tags,
            input.visibilityPublic,
            input.allowComments,
            input.requestId ?? null,
          ],
        );
        const postId = post!.id;
        await this.attachMedia(manager, viewer, 'date', postId, uploads, correlationId);
        await this.linkActivities(manager, viewer, postId, input.activityIds);
        await writeOutbox(manager, 'post.created', { kind: 'date', postId }, correlationId);
        return postId;
      }),
    );
  }

  /** The post an earlier attempt of this publish made, if there was one. */
  private async earlierPublish(
    viewer: Viewer,
    kind: PostKind,
    requestId?: string,
  ): Promise<string | undefined> {
    if (!requestId) {
      return undefined;
    }
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM ${POST_TABLES[kind].table} WHERE user_id = $1 AND publish_request_id = $2`,
      [viewer.sub, requestId],
    );
    return row?.id;
  }

  /**
   * Two attempts of one publish at once: the unique index lets one commit, and the other answers
   * with that post. Its own uploads stay unclaimed, for the stale-upload housekeeping.
   */
  private async oncePerRequest(
    viewer: Viewer,
    kind: PostKind,
    requestId: string | undefined,
    publish: () => Promise<string>,
  ): Promise<string> {
    try {
      return await publish();
    } catch (error) {
      const earlier =
        requestId && isUniqueViolation(error)
          ? await this.earlierPublish(viewer, kind, requestId)
          : undefined;
      if (earlier) {
        return earlier;
      }
      throw error;
    }
  }

  /**
   * Every upload must be the author's own, of this post's kind, not yet used, and really stored
   * (the presigned PUT may never have happened, or sent more than allowed). A post needs a photo.
   */
  private async checkUploads(viewer: Viewer, kind: PostKind, uploadIds: string[]): Promise<ReadyUpload[]> {
    const rows = await this.dataSource.query<UploadRow[]>(
      `SELECT id, kind, storage_key, content_type, status FROM media_uploads
        WHERE id = ANY($1::uuid[]) AND user_id = $2`,
      [uploadIds, viewer.sub],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const uploads = uploadIds.map((id) => byId.get(id));
    if (uploads.some((row) => !row || row.kind !== kind || row.status !== 'pending')) {
      throw new ValidationError([{ path: 'media', message: postMessages.uploadUnusable }]);
    }
    const usable = uploads as UploadRow[];
    if (usable.every((row) => isVideo(row.content_type))) {
      throw new ValidationError([{ path: 'media', message: messages.posts.imageRequired }]);
    }
    return Promise.all(
      usable.map(async (row) => {
        const video = isVideo(row.content_type);
        const stored = await this.storage.head(row.storage_key);
        if (!stored) {
          throw new ValidationError([{ path: 'media', message: mediaMessages.uploadMissing }]);
        }
        if (stored.size > (video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)) {
          const message = video ? mediaMessages.videoTooLarge : mediaMessages.imageTooLarge;
          throw new ValidationError([{ path: 'media', message }]);
        }
        return {
          id: row.id,
          storageKey: row.storage_key,
          mediaType: video ? 'video' : 'photo',
          size: stored.size,
        };
      }),
    );
  }

  /** Media rows in the chosen order (0 is the cover), their uploads claimed, one event per row. */
  private async attachMedia(
    manager: EntityManager,
    viewer: Viewer,
    kind: PostKind,
    postId: string,
    uploads: ReadyUpload[],
    correlationId?: string,
  ): Promise<void> {
    const fk = kind === 'activity' ? 'activity_id' : 'date_id';
    // Claimed before the media rows name them, and only while 'pending': a concurrent publish with
    // the same upload, or the stale-upload housekeeping removing it, leaves fewer rows and a 422.
    const claimed = await modifyReturning<{ id: string }>(
      manager,
      `UPDATE media_uploads u SET status = 'processing', size = s.size, updated_at = now()
         FROM unnest($1::uuid[], $2::int[]) AS s (id, size)
        WHERE u.id = s.id AND u.user_id = $3 AND u.status = 'pending' RETURNING u.id`,
      [uploads.map((u) => u.id), uploads.map((u) => u.size), viewer.sub],
    );
    if (claimed.length !== uploads.length) {
      throw new ValidationError([{ path: 'media', message: postMessages.uploadUnusable }]);
    }
    const media = await manager.query<Array<{ id: string }>>(
      `INSERT INTO post_media (user_id, ${fk}, media_type, url, storage_key, position, status, upload_id)
       SELECT $1, $2, m.media_type, m.url, m.storage_key, m.ord - 1, 'processing', m.upload_id
         FROM unnest($3::text[], $4::text[], $5::text[], $6::uuid[])
              WITH ORDINALITY AS m (media_type, url, storage_key, upload_id, ord)
       ORDER BY m.ord RETURNING id`,
      [
        viewer.sub,
        postId,
        uploads.map((u) => u.mediaType),
        uploads.map((u) => this.storage.publicUrl(u.storageKey)),
        uploads.map((u) => u.storageKey),
        uploads.map((u) => u.id),
      ],
    );
    for (const row of media) {
      await writeOutbox(manager, 'post-media.uploaded', { postMediaId: row.id }, correlationId);
    }
  }

  /** Only activities the author may see can be linked; one that is not fails the whole publish. */
  private async linkActivities(
    manager: EntityManager,
    viewer: Viewer,
    dateId: string,
    activityIds: string[],
  ): Promise<void> {
    if (activityIds.length === 0) {
      return;
    }
    const linked = await manager.query<Array<{ activity_id: string }>>(
      `INSERT INTO dates_activities (date_id, activity_id)
       SELECT $2, x.id FROM activities x JOIN profiles p ON p.id = x.user_id
        WHERE x.id = ANY($3::bigint[]) AND ${visiblePostSql('activity', 'x', 'p', '$1')}
       RETURNING activity_id`,
      [viewer.sub, dateId, activityIds],
    );
    if (linked.length !== activityIds.length) {
      throw new ValidationError([{ path: 'activityIds', message: postMessages.connectedActivityNotFound }]);
    }
  }
}
