import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  COLLECTION_COVER_DISPLAY_SIZE,
  COLLECTION_COVER_SIZES,
  type JobPayload,
  type MediaVariants,
} from '@datebook/contracts';
import { CollectionsRepository, MediaUploadsRepository, type UploadRow } from '@datebook/db';
import { ObjectStorage } from '@datebook/server';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { SquareImageRenditions, type SquareImageTarget } from './square-image-renditions';

/**
 * Turns a chosen collection cover into square JPEGs and shows them on the collection, then tells
 * the owner's open tabs; the avatar's path, with one difference: the api may discard the cover
 * (a newer choice, the collection deleted) while it is processed. Then no collection names it any
 * more and what this run wrote is removed again. A cover discarded before this run is not found:
 * the discard's own job removes its objects.
 */
@Injectable()
export class ProcessCollectionCoverHandler
  implements JobHandler<'media.process-collection-cover'>, SquareImageTarget
{
  readonly job = 'media.process-collection-cover' as const;
  readonly kind = 'collection' as const;
  readonly squares = { sizes: COLLECTION_COVER_SIZES, display: COLLECTION_COVER_DISPLAY_SIZE };
  readonly notYetHandedOver = 'upload not chosen as a cover yet';

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: MediaUploadsRepository,
    private readonly collections: CollectionsRepository,
    private readonly squareImages: SquareImageRenditions,
    private readonly storage: ObjectStorage,
  ) {}

  handle({ uploadId }: JobPayload<'media.process-collection-cover'>): Promise<JobResult> {
    return this.squareImages.process(uploadId, this);
  }

  find(uploadId: string): Promise<UploadRow | undefined> {
    return this.uploads.findCollectionCover(uploadId);
  }

  async show(upload: UploadRow, variants: MediaVariants): Promise<JobResult> {
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
        return done();
    }
  }
}
