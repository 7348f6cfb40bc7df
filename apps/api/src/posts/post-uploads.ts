import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  mediaMessages,
  postMediaTypesSchema,
  postMessages,
  VIDEO_CONTENT_TYPES,
  type MediaType,
  type PostKind,
} from '@datebook/contracts';
import { MediaUploadsRepository, OutboxRepository, PostMediaRepository } from '@datebook/db';
import { ObjectStorage, ValidationError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';
import { toFieldIssues } from '../http/zod-issues';

/** An upload checked for use in a post, in the order the author chose. */
export interface ReadyUpload {
  id: string;
  storageKey: string;
  mediaType: MediaType;
  size: number;
}

const mediaTypeOf = (contentType: string): MediaType =>
  (VIDEO_CONTENT_TYPES as readonly string[]).includes(contentType) ? 'video' : 'photo';

/** A post's uploads becoming its media: checked before the publish transaction, attached inside it. */
@Injectable()
export class PostUploads {
  constructor(
    private readonly uploads: MediaUploadsRepository,
    private readonly postMedia: PostMediaRepository,
    private readonly outbox: OutboxRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Every upload must be the author's own, of this post's kind, not yet used, and really stored
   * (the presigned PUT may never have happened, or sent more than allowed). A post needs a photo.
   * The object store is asked here, so no transaction waits on the network.
   */
  async check(viewer: Viewer, kind: PostKind, uploadIds: string[]): Promise<ReadyUpload[]> {
    const rows = await this.uploads.findOwnMany(viewer.sub, uploadIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const usable = uploadIds.flatMap((id) => {
      const row = byId.get(id);
      return row && row.kind === kind && row.status === 'pending' ? [row] : [];
    });
    if (usable.length !== uploadIds.length) {
      throw new ValidationError([{ path: 'media', message: postMessages.uploadUnusable }]);
    }
    const types = postMediaTypesSchema.safeParse({
      media: usable.map((row) => mediaTypeOf(row.content_type)),
    });
    if (!types.success) {
      throw new ValidationError(toFieldIssues(types.error));
    }
    return Promise.all(
      usable.map(async (row) => {
        const mediaType = mediaTypeOf(row.content_type);
        const video = mediaType === 'video';
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
          mediaType,
          size: stored.size,
        };
      }),
    );
  }

  /** Media rows in the chosen order (0 is the cover), their uploads claimed, one event per row. */
  async attach(
    tx: EntityManager,
    viewer: Viewer,
    post: { kind: PostKind; id: string },
    uploads: ReadyUpload[],
    correlationId?: string,
  ): Promise<void> {
    // Claimed before the media rows name them, and only while 'pending': a concurrent publish with
    // the same upload, or the stale-upload housekeeping removing it, leaves fewer rows and a 422.
    const claimed = await this.uploads.in(tx).claimForPost(viewer.sub, uploads);
    if (claimed !== uploads.length) {
      throw new ValidationError([{ path: 'media', message: postMessages.uploadUnusable }]);
    }
    const mediaIds = await this.postMedia.in(tx).insertProcessing(
      viewer.sub,
      post,
      uploads.map((upload) => ({
        mediaType: upload.mediaType,
        storageKey: upload.storageKey,
        uploadId: upload.id,
      })),
    );
    const outbox = this.outbox.in(tx);
    for (const postMediaId of mediaIds) {
      await outbox.add('post-media.uploaded', { postMediaId }, correlationId);
    }
  }
}
