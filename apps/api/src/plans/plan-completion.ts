import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { postMediaVariantsSchema, type PlanPublish } from '@datebook/contracts';
import {
  OutboxRepository,
  PostMediaCopiesRepository,
  PostsRepository,
  type ActivityCoverRow,
  type CopiedPostMedia,
} from '@datebook/db';
import { findLiveEntry, liveEntries, type PlanState } from '@datebook/domain';
import { copiedRenditionKey, originalKey, renditionStem } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { PostUploads, type ReadyUpload } from '../posts/post-uploads';

/** A picked activity photo as the Date's new row records it, and the source objects to copy. */
type PhotoCopy = Omit<CopiedPostMedia, 'position'> & { sourceKeys: string[] };

/**
 * Date Completed publishes the plan's recap: one Date, made inside the operation's transaction, so
 * the plan is completed exactly when its Date exists (never "published, but the plan status could
 * not be updated"). The plan's row lock makes a second press, a retry or another member's press
 * wait, then find the plan completed (READ_ONLY) or its own op id already applied (duplicate).
 *
 * Photos: new uploads (`uploadIds`, kind `date`) become the Date's own media through the posts'
 * upload path, at positions 0..n-1. A photo picked from the plan's activities (`fromActivityRefs`,
 * each a live row the domain has checked) becomes the Date's own too, after the uploads in the
 * order picked: the cover its row shows (the activity's lowest-positioned ready item, a video by its
 * poster), of an activity the recap's whole audience may see (`recapAudience`), gets a new `post_media` row of the publisher's with
 * fresh random keys (decision 37), processing, and a `post-media.copied` outbox row; the worker
 * copies the objects server-side and marks it ready. The Date never points at the activity's
 * objects, so deleting either post deletes only its own. A row without such a photo (a custom row,
 * an activity hidden from any of the audience or without a ready item) adds none; its activity is still
 * linked when the publisher may see it.
 */
@Injectable()
export class PlanCompletion {
  constructor(
    private readonly posts: PostsRepository,
    private readonly copies: PostMediaCopiesRepository,
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
    await this.copyActivityPhotos(
      tx,
      actor,
      plan,
      publish.photos.fromActivityRefs,
      publish.visibilityPublic,
      {
        dateId,
        firstPosition: request.uploads.length,
        correlationId,
      },
    );
    // Only activities the publisher may see are linked; one another member added from a profile the
    // publisher cannot see stays in the plan but not on the recap.
    const activityIds = [
      ...new Set(liveEntries(plan).flatMap((entry) => (entry.activityId ? [entry.activityId] : []))),
    ];
    await posts.linkActivities(actor.sub, dateId, activityIds);
    await this.outbox.in(tx).add('post.created', { kind: 'date', postId: dateId }, correlationId);
    return dateId;
  }

  /** One processing row and one `post-media.copied` event per distinct picked cover. */
  private async copyActivityPhotos(
    tx: EntityManager,
    actor: Viewer,
    plan: PlanState,
    refs: readonly string[],
    publicRecap: boolean,
    target: { dateId: string; firstPosition: number; correlationId?: string },
  ): Promise<void> {
    const activityIds = refs.flatMap((ref) => findLiveEntry(plan, ref)?.activityId ?? []);
    const copies = this.copies.in(tx);
    const covers = new Map(
      (await copies.activityCoversFor(recapAudience(actor, plan, publicRecap), activityIds)).map((row) => [
        row.activity_id,
        row,
      ]),
    );
    const outbox = this.outbox.in(tx);
    const copied = new Set<string>();
    let position = target.firstPosition;
    for (const activityId of activityIds) {
      const cover = covers.get(activityId);
      const copy = cover && !copied.has(cover.id) ? photoCopyOf(cover, actor.sub) : null;
      if (!cover || !copy) {
        continue;
      }
      copied.add(cover.id);
      const { sourceKeys, ...row } = copy;
      const postMediaId = await copies.insertCopy(
        actor.sub,
        { kind: 'date', id: target.dateId },
        { ...row, position },
      );
      position += 1;
      await outbox.add('post-media.copied', { postMediaId, sourceKeys }, target.correlationId);
    }
  }
}

/**
 * Who will see the recap, whom every copied photo must be visible to: a public one reaches people
 * the plan never knew, so only the publisher's own or public authors' photos; a private one its
 * plan's people (decision 43), so only photos every one of them may see.
 */
function recapAudience(
  actor: Viewer,
  plan: PlanState,
  publicRecap: boolean,
): { members: string[]; publicBy: string | null } {
  return publicRecap
    ? { members: [actor.sub], publicBy: actor.sub }
    : { members: [plan.ownerId, ...plan.collaboratorIds], publicBy: null };
}

/**
 * A cover as a photo of `userId`'s Date: a photo's renditions, or a video's poster as a one-image
 * photo, under a fresh token of the publisher's (`{userId}/date-media/{token}`), never the source's.
 * Null when the row holds no renditions to copy.
 */
function photoCopyOf(cover: ActivityCoverRow, userId: string): PhotoCopy | null {
  const parsed = postMediaVariantsSchema.safeParse(cover.variants);
  if (!parsed.success) {
    return null;
  }
  const source = parsed.data;
  const storageKey = originalKey(userId, 'date', 'photo.jpg');
  const stem = renditionStem(userId, 'date', storageKey);
  const to = (key: string) => copiedRenditionKey(stem, key);
  if (cover.media_type === 'photo') {
    return {
      sourceKeys: [...new Set([source.key, ...source.images.map((image) => image.key)])],
      storageKey,
      variants: {
        key: to(source.key),
        images: source.images.map((image) => ({ ...image, key: to(image.key) })),
        placeholder: source.placeholder,
        poster: null,
      },
      width: cover.width,
      height: cover.height,
      placeholder: cover.placeholder,
      thumbhash: cover.thumbhash,
    };
  }
  const { poster } = source;
  if (!poster) {
    return null;
  }
  const key = to(poster.key);
  return {
    sourceKeys: [poster.key],
    storageKey,
    variants: {
      key,
      images: [{ size: poster.width, key, width: poster.width, height: poster.height }],
      placeholder: source.placeholder,
      poster: null,
    },
    width: poster.width,
    height: poster.height,
    placeholder: cover.placeholder,
    thumbhash: cover.thumbhash,
  };
}
