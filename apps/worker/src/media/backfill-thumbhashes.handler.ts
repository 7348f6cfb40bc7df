import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PostMediaRepository } from '@datebook/db';
import { LOGGER, ObjectStorage } from '@datebook/server';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { ImageProcessor } from './processing/image-processor';

const BATCH = 50;

/**
 * Gives ready media processed before ThumbHashes existed theirs, computed from the smallest image
 * the worker already stored (a photo's 320 px rendition, a video's poster), so no original is needed.
 * An item whose image is gone or unreadable keeps none (the web then shows its plain tint) and is
 * passed over, so one bad row never stalls the rest; a rerun retries only those.
 */
@Injectable()
export class BackfillThumbHashesHandler implements JobHandler<'media.backfill-thumbhashes'> {
  readonly job = 'media.backfill-thumbhashes' as const;

  constructor(
    private readonly postMedia: PostMediaRepository,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProcessor,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(): Promise<JobResult> {
    let after: string | null = null;
    let filled = 0;
    let passed = 0;
    for (;;) {
      const rows = await this.postMedia.findMissingThumbHash(after, BATCH);
      for (const row of rows) {
        const thumbhash = row.image_key ? await this.thumbHashOf(row.image_key) : null;
        if (thumbhash && (await this.postMedia.setThumbHash(row.id, thumbhash))) {
          filled += 1;
        } else {
          passed += 1;
        }
      }
      if (rows.length < BATCH) {
        break;
      }
      after = rows[rows.length - 1]!.id;
    }
    if (filled === 0 && passed === 0) {
      return skipped('no media without a ThumbHash');
    }
    this.logger.info({ filled, passed }, 'ThumbHashes backfilled');
    return done();
  }

  private async thumbHashOf(key: string): Promise<string | null> {
    try {
      return await this.images.thumbHash(await this.storage.get(key));
    } catch (error) {
      this.logger.warn({ key, err: error }, 'no ThumbHash for a stored image');
      return null;
    }
  }
}
