import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  IMAGE_CONTENT_TYPES,
  MAX_IMAGE_BYTES,
  mediaMessages,
  OBJECT_KEYS_PER_JOB,
} from '@datebook/contracts';
import { CollectionsRepository, MediaUploadsRepository, OutboxRepository } from '@datebook/db';
import { ObjectStorage, ValidationError } from '@datebook/server';
import type { Viewer } from '../auth/viewer';

/** A picked cover upload, checked against storage, with the size storage holds. */
export interface CheckedCover {
  id: string;
  size: number;
}

const isImage = (contentType: string): boolean =>
  (IMAGE_CONTENT_TYPES as readonly string[]).includes(contentType);

const refused = (message: string) => new ValidationError([{ path: 'coverUploadId', message }]);

/**
 * A collection's cover photo through the media pipeline: the picked upload is checked before the
 * transaction opens, chosen inside it with the event that starts the worker, and the cover it
 * replaces (or that goes with its collection) is discarded in the same commit, its objects by a
 * `media.delete-objects` job, so storage holds one cover per collection.
 */
@Injectable()
export class CollectionCovers {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly uploads: MediaUploadsRepository,
    private readonly outbox: OutboxRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * The upload must be the member's own image of kind `collection`, not yet used, and really stored
   * (the presigned PUT may never have happened). Storage is asked here, so no transaction waits on
   * the network. An upload that is already this collection's cover is a resent request: undefined.
   */
  async check(
    viewer: Viewer,
    uploadId: string,
    currentCoverId: string | null,
  ): Promise<CheckedCover | undefined> {
    if (uploadId === currentCoverId) {
      return undefined;
    }
    const upload = await this.uploads.findOwn(viewer.sub, uploadId);
    if (!upload) {
      throw refused(mediaMessages.uploadNotFound);
    }
    if (!isImage(upload.content_type)) {
      throw refused(mediaMessages.coverImageOnly);
    }
    if (upload.kind !== 'collection') {
      throw refused(mediaMessages.uploadNotFound);
    }
    if (upload.status === 'failed') {
      throw refused(upload.failure_reason ?? mediaMessages.notAnImage);
    }
    if (upload.status !== 'pending') {
      // Chosen for another collection already: each cover is one upload, discarded with its use.
      throw refused(mediaMessages.uploadNotFound);
    }
    const stored = await this.storage.head(upload.storage_key);
    if (!stored) {
      throw refused(mediaMessages.uploadMissing);
    }
    // The signed length caps the body on a store that checks signatures; not every one does.
    if (stored.size > MAX_IMAGE_BYTES) {
      throw refused(mediaMessages.imageTooLarge);
    }
    return { id: upload.id, size: stored.size };
  }

  /**
   * Makes the checked upload the cover of the collection the caller has locked and queues its
   * processing; the cover it replaces is discarded. A choice made in the meantime for another
   * collection took the upload: refused like any used upload.
   */
  async choose(
    tx: EntityManager,
    viewer: Viewer,
    collection: { id: string; coverUploadId: string | null },
    cover: CheckedCover,
    correlationId?: string,
  ): Promise<void> {
    if (collection.coverUploadId === cover.id) {
      return;
    }
    if (!(await this.uploads.in(tx).startProcessing(viewer.sub, cover.id, cover.size))) {
      throw refused(mediaMessages.uploadNotFound);
    }
    await this.collections.in(tx).chooseCover(viewer.sub, collection.id, cover.id);
    await this.outbox.in(tx).add('collection-cover.chosen', { uploadId: cover.id }, correlationId);
    if (collection.coverUploadId) {
      await this.discard(tx, viewer, collection.coverUploadId, correlationId);
    }
  }

  /**
   * Forgets a cover nothing shows any more: its row goes now, its original (still there while it
   * was processing) and renditions by a job this commit enqueues.
   */
  async discard(tx: EntityManager, viewer: Viewer, uploadId: string, correlationId?: string): Promise<void> {
    const gone = await this.uploads.in(tx).deleteOwn(viewer.sub, uploadId);
    if (!gone) {
      return;
    }
    const keys = [gone.storage_key, ...(gone.variants.images ?? []).map((image) => image.key)];
    const outbox = this.outbox.in(tx);
    for (let at = 0; at < keys.length; at += OBJECT_KEYS_PER_JOB) {
      await outbox.add(
        'collection-cover.discarded',
        { userId: viewer.sub, keys: keys.slice(at, at + OBJECT_KEYS_PER_JOB) },
        correlationId,
      );
    }
  }
}
