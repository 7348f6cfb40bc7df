import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  COLLECTION_COVER_DISPLAY_SIZE,
  COLLECTION_COVER_SIZES,
  mediaMessages,
  type JobPayload,
  type MediaVariants,
} from '@datebook/contracts';
import { CollectionsRepository, MediaUploadsRepository, type UploadRow } from '@datebook/db';
import { ObjectStorage, renditionKey, renditionStem } from '@datebook/server';
import { skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { IMAGE_LIMIT, MediaIntake } from './media-intake';
import { MediaOutcome } from './media-outcome';
import type { MediaSubject } from './media-subject';
import { ImageProcessor } from './processing/image-processor';
import { RenditionWriter } from './rendition-writer';
import { unlessImageRejected, UnusableMediaError } from './unusable-media';

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
    private readonly intake: MediaIntake,
    private readonly images: ImageProcessor,
    private readonly renditions: RenditionWriter,
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
    const subject: MediaSubject = {
      userId: upload.user_id,
      uploadId: upload.id,
      kind: 'collection',
      originalKey: upload.storage_key,
    };
    let variants: MediaVariants;
    try {
      variants = await this.render(upload);
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

  private async render(upload: UploadRow): Promise<MediaVariants> {
    const bytes = await this.intake.read(upload.storage_key, IMAGE_LIMIT);
    const squares = await unlessImageRejected(
      this.images.squareJpegs(bytes, COLLECTION_COVER_SIZES),
      mediaMessages.notAnImage,
    );
    const stem = renditionStem(upload.user_id, 'collection', upload.storage_key);
    const keyOf = (size: number) => renditionKey(stem, size);
    const images = await this.renditions.jpegs(squares.renditions, keyOf);
    return { key: keyOf(COLLECTION_COVER_DISPLAY_SIZE), images, placeholder: squares.placeholder };
  }
}
