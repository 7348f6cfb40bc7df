import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  COLLECTION_COVER_DISPLAY_SIZE,
  COLLECTION_COVER_SIZES,
  type JobPayload,
  type MediaVariants,
} from '@datebook/contracts';
import { CollectionsRepository, MediaUploadsRepository } from '@datebook/db';
import { ObjectStorage } from '@datebook/server';
import { skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { MediaOutcome } from './media-outcome';
import { SquareImageRenditions, uploadSubject } from './square-image-renditions';
import { UnusableMediaError } from './unusable-media';

/**
 * Turns a chosen collection cover into square JPEGs and shows them on the collection, then tells
 * the owner's open tabs; the avatar's path, with one difference: the api may discard the cover
 * (a newer choice, the collection deleted) while it is processed. Then no collection names it any
 * more and what this run wrote is removed again. An unusable file marks the upload failed and the
 * job succeeds; anything else throws, so BullMQ retries.
 */
@Injectable()
export class ProcessCollectionCoverHandler implements JobHandler<'media.process-collection-cover'> {
  readonly job = 'media.process-collection-cover' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: MediaUploadsRepository,
    private readonly collections: CollectionsRepository,
    private readonly squares: SquareImageRenditions,
    private readonly outcome: MediaOutcome,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ uploadId }: JobPayload<'media.process-collection-cover'>): Promise<JobResult> {
    const upload = await this.uploads.findCollectionCover(uploadId);
    if (!upload) {
      // Discarded before this run: the discard's own job removes its objects.
      return skipped('upload not found');
    }
    if (upload.status === 'pending') {
      return skipped('upload not chosen as a cover yet');
    }
    if (upload.status !== 'processing') {
      return this.outcome.settledBefore(upload.storage_key);
    }
    const subject = uploadSubject(upload, 'collection');
    let variants: MediaVariants;
    try {
      variants = await this.squares.render(upload, 'collection', {
        sizes: COLLECTION_COVER_SIZES,
        display: COLLECTION_COVER_DISPLAY_SIZE,
      });
    } catch (error) {
      if (error instanceof UnusableMediaError) {
        return this.outcome.failed(subject, error, () =>
          this.uploads.markFailed(upload.id, error.userMessage),
        );
      }
      throw error;
    }

    // The collection row first, as the api locks it before the upload: the two never wait on each other.
    const outcome = await this.dataSource.transaction(async (tx) => {
      if (!(await this.collections.in(tx).showCover(upload.id, variants.key))) {
        return 'discarded';
      }
      return (await this.uploads.in(tx).markReady(upload.id, variants)) ? 'ready' : 'settled';
    });
    switch (outcome) {
      case 'discarded':
        await Promise.all(
          [upload.storage_key, ...variants.images.map((image) => image.key)].map((key) =>
            this.storage.delete(key),
          ),
        );
        return skipped('no longer the cover of a collection');
      case 'settled':
        return skipped('no longer processing');
      case 'ready':
        return this.outcome.ready(subject, variants.key);
    }
  }
}
