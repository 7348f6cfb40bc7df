import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueues } from '@datebook/server';

/** One id for every replica and every boot: BullMQ adds no second job while one with it is kept. */
export const BACKFILL_THUMBHASHES_JOB_ID = 'backfill-thumbhashes';

/**
 * Queues `media.backfill-thumbhashes` as the worker boots. Media lacking a ThumbHash only come from
 * before this release (processing has computed one since), so the first boot after the migration
 * fills them in and later ones find nothing left (an index holding no rows).
 */
@Injectable()
export class ThumbHashBackfillStarter implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.enqueue('media.backfill-thumbhashes', {}, { jobId: BACKFILL_THUMBHASHES_JOB_ID });
  }
}
