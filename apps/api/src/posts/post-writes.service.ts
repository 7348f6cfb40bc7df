import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  activityPlaceSchema,
  messages,
  postMessages,
  type ActivityDetail,
  type ActivityPlace,
  type CreateActivity,
  type CreateDate,
  type DateDetail,
  type PostKind,
  type UpdateActivity,
  type UpdateDate,
} from '@datebook/contracts';
import {
  CategoriesRepository,
  MediaUploadsRepository,
  OutboxRepository,
  PostMediaRepository,
  PostsRepository,
} from '@datebook/db';
import { parsePostId } from '@datebook/domain';
import { ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { toFieldIssues } from '../http/zod-issues';
import { PostUploads } from './post-uploads';
import { PostsService } from './posts.service';

/**
 * Creating, editing and deleting Activities and Dates (spec section 4). Each write commits its rows
 * and its events in one transaction, so a failure at any step leaves nothing behind, and answers
 * with the post as its owner now sees it.
 */
@Injectable()
export class PostWritesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly categories: CategoriesRepository,
    private readonly uploads: MediaUploadsRepository,
    private readonly postMedia: PostMediaRepository,
    private readonly outbox: OutboxRepository,
    private readonly postUploads: PostUploads,
    private readonly reads: PostsService,
  ) {}

  async createActivity(
    viewer: Viewer,
    input: CreateActivity,
    correlationId?: string,
  ): Promise<ActivityDetail> {
    const id = await this.publishOnce(viewer, 'activity', input.requestId, async () => {
      const category = await this.activityCategory(input.categoryId);
      const uploads = await this.postUploads.check(viewer, 'activity', input.media);
      return this.dataSource.transaction(async (tx) => {
        const posts = this.posts.in(tx);
        const postId = await posts.insertActivity(viewer.sub, input, category.slug);
        await posts.setActivityCategory(postId, category.id);
        await this.postUploads.attach(tx, viewer, { kind: 'activity', id: postId }, uploads, correlationId);
        await this.outbox.in(tx).add('post.created', { kind: 'activity', postId }, correlationId);
        return postId;
      });
    });
    return this.reads.getActivity(viewer, id);
  }

  async createDate(viewer: Viewer, input: CreateDate, correlationId?: string): Promise<DateDetail> {
    const id = await this.publishOnce(viewer, 'date', input.requestId, async () => {
      const uploads = await this.postUploads.check(viewer, 'date', input.media);
      return this.dataSource.transaction(async (tx) => {
        const posts = this.posts.in(tx);
        const postId = await posts.insertDate(viewer.sub, input);
        await this.postUploads.attach(tx, viewer, { kind: 'date', id: postId }, uploads, correlationId);
        // Only activities the author may see can be linked; one that is not fails the whole publish.
        const linked = await posts.linkActivities(viewer.sub, postId, input.activityIds);
        if (linked !== input.activityIds.length) {
          throw new ValidationError([
            { path: 'activityIds', message: postMessages.connectedActivityNotFound },
          ]);
        }
        await this.outbox.in(tx).add('post.created', { kind: 'date', postId }, correlationId);
        return postId;
      });
    });
    return this.reads.getDate(viewer, id);
  }

  async updateActivity(
    viewer: Viewer,
    rawId: string,
    changes: UpdateActivity,
    correlationId?: string,
  ): Promise<ActivityDetail> {
    const id = await this.ownPost(viewer, 'activity', rawId);
    const category =
      changes.categoryId === undefined ? undefined : await this.activityCategory(changes.categoryId);
    await this.dataSource.transaction(async (tx) => {
      const posts = this.posts.in(tx);
      if (category) {
        await posts.setActivityCategory(id, category.id);
      }
      const moved = changes.locationType !== undefined || changes.location !== undefined;
      const place = moved ? await this.placeAfter(posts, viewer, id, changes) : undefined;
      await posts.updateActivity(viewer.sub, id, changes, category?.slug, place);
      await this.outbox.in(tx).add('post.updated', { kind: 'activity', postId: id }, correlationId);
    });
    return this.reads.getActivity(viewer, id);
  }

  async updateDate(
    viewer: Viewer,
    rawId: string,
    changes: UpdateDate,
    correlationId?: string,
  ): Promise<DateDetail> {
    const id = await this.ownPost(viewer, 'date', rawId);
    await this.dataSource.transaction(async (tx) => {
      await this.posts.in(tx).updateDate(viewer.sub, id, changes);
      await this.outbox.in(tx).add('post.updated', { kind: 'date', postId: id }, correlationId);
    });
    return this.reads.getDate(viewer, id);
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
    await this.dataSource.transaction(async (tx) => {
      const media = await this.postMedia.in(tx).lockStoredKeysOfPost({ kind, id });
      await this.posts.in(tx).deleteOwned(kind, viewer.sub, id);
      await this.uploads.in(tx).deleteByIds(media.flatMap((m) => (m.upload_id ? [m.upload_id] : [])));
      const keys = media.flatMap((m) => [m.storage_key, ...m.variant_keys]);
      await this.outbox
        .in(tx)
        .add('post.deleted', { kind, postId: id, userId: viewer.sub, keys }, correlationId);
    });
    return { deleted: true };
  }

  /**
   * A publish sent again (its answer was lost) gets the post its first attempt made. Two attempts at
   * once: the unique index lets one commit, and the other answers with that post; its own uploads
   * stay unclaimed, for the stale-upload housekeeping.
   */
  private async publishOnce(
    viewer: Viewer,
    kind: PostKind,
    requestId: string | undefined,
    publish: () => Promise<string>,
  ): Promise<string> {
    const earlier = requestId ? await this.posts.findPublished(kind, viewer.sub, requestId) : undefined;
    if (earlier) {
      return earlier;
    }
    try {
      return await publish();
    } catch (error) {
      const raced =
        requestId && isUniqueViolation(error)
          ? await this.posts.findPublished(kind, viewer.sub, requestId)
          : undefined;
      if (raced) {
        return raced;
      }
      throw error;
    }
  }

  /** Only activities have a category: their own kind's or a shared one. */
  private async activityCategory(categoryId: number): Promise<{ id: number; slug: string }> {
    const category = await this.categories.findUsableBy('activity', categoryId);
    if (!category) {
      throw new ValidationError([{ path: 'categoryId', message: messages.posts.categoryRequired }]);
    }
    return category;
  }

  /** 404 when the viewer cannot see the post (as for a missing one), 403 when they can but do not own it. */
  /**
   * Where the activity ends up when the edit changes its type or address: the stored place with the
   * change applied, held to the same rule as a new activity (an address given alone keeps the type).
   */
  private async placeAfter(
    posts: PostsRepository,
    viewer: Viewer,
    id: string,
    changes: UpdateActivity,
  ): Promise<ActivityPlace> {
    const stored = await posts.lockActivityPlace(viewer.sub, id);
    if (!stored) {
      throw new NotFoundError(postMessages.notFound);
    }
    const place = activityPlaceSchema.safeParse({
      locationType: changes.locationType ?? stored.location_type,
      location: changes.location ?? stored.location,
    });
    if (!place.success) {
      throw new ValidationError(toFieldIssues(place.error));
    }
    return place.data;
  }

  private async ownPost(viewer: Viewer, kind: PostKind, rawId: string): Promise<string> {
    const id = parsePostId(rawId);
    const row = id === null ? undefined : await this.posts.findAccess(kind, viewer.sub, id);
    if (!row?.visible) {
      throw new NotFoundError(postMessages.notFound);
    }
    if (row.user_id !== viewer.sub) {
      throw new ForbiddenError();
    }
    return row.id;
  }
}
