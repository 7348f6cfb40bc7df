import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PlanPublish } from '@datebook/contracts';
import { OutboxRepository, PostsRepository } from '@datebook/db';
import { liveEntries, type PlanState } from '@datebook/domain';
import type { Viewer } from '../auth/viewer';
import { PostUploads, type ReadyUpload } from '../posts/post-uploads';

/**
 * Date Completed publishes the plan's recap: one Date, made inside the operation's transaction, so
 * the plan is completed exactly when its Date exists (never "published, but the plan status could
 * not be updated"). The plan's row lock makes a second press, a retry or another member's press
 * wait, then find the plan completed (READ_ONLY) or its own op id already applied (duplicate).
 *
 * Photos: new uploads (`uploadIds`, kind `date`) become the Date's own media through the posts'
 * upload path. A photo of the plan's activities (`fromActivityRefs`) is not copied: a post's media
 * rows own their stored objects (deleting the post deletes them), so a Date row may not point at
 * an activity's upload; the Date links those activities instead, and its page shows their photos
 * on the linked activity cards.
 */
@Injectable()
export class PlanCompletion {
  constructor(
    private readonly posts: PostsRepository,
    private readonly outbox: OutboxRepository,
    private readonly postUploads: PostUploads,
  ) {}

  /** Checked before the transaction: the object store is asked, and no row lock waits on it. */
  async checkUploads(actor: Viewer, publish: PlanPublish): Promise<ReadyUpload[]> {
    const { uploadIds } = publish.photos;
    return uploadIds.length === 0 ? [] : this.postUploads.check(actor, 'date', uploadIds);
  }

  /** The Date, its media and its linked activities, in the caller's transaction; gives its id. */
  async publish(
    tx: EntityManager,
    actor: Viewer,
    plan: PlanState,
    request: { opId: string; publish: PlanPublish; uploads: ReadyUpload[] },
    correlationId?: string,
  ): Promise<string> {
    const posts = this.posts.in(tx);
    const { publish } = request;
    const dateId = await posts.insertDate(actor.sub, {
      title: publish.title,
      description: publish.description,
      dateOf: publish.dateOf ?? plan.date,
      tags: [],
      activityIds: [],
      visibilityPublic: publish.visibilityPublic,
      allowComments: true,
      media: [],
      requestId: request.opId,
    });
    if (request.uploads.length > 0) {
      await this.postUploads.attach(tx, actor, { kind: 'date', id: dateId }, request.uploads, correlationId);
    }
    // Only activities the publisher may see are linked; one another member added from a profile the
    // publisher cannot see stays in the plan but not on the recap.
    const activityIds = [
      ...new Set(liveEntries(plan).flatMap((entry) => (entry.activityId ? [entry.activityId] : []))),
    ];
    await posts.linkActivities(actor.sub, dateId, activityIds);
    await this.outbox.in(tx).add('post.created', { kind: 'date', postId: dateId }, correlationId);
    return dateId;
  }
}
