import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueues } from '@datebook/server';

/** Fresh enough that a post's new likes lift it within minutes; cheap because only recent posts are rescored. */
export const RESCORE_EVERY_MS = 5 * 60 * 1000;

/** Registers the For You refresh; upserted by id, so every worker replica may do it at boot. */
@Injectable()
export class FeedScheduleService implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues
      .queue('feed')
      .upsertJobScheduler(
        'rescore-recent',
        { every: RESCORE_EVERY_MS },
        { name: 'feed.rescore-recent', data: {} },
      );
  }
}
