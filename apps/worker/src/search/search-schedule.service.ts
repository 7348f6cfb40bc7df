import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueues } from '@datebook/server';

/** Counts on recent documents lag likes, comments and saves by at most this much. */
export const REFRESH_COUNTS_EVERY_MS = 5 * 60 * 1000;

/** Registers the search count refresh; upserted by id, so every worker replica may do it at boot. */
@Injectable()
export class SearchScheduleService implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues
      .queue('search-index')
      .upsertJobScheduler(
        'refresh-counts',
        { every: REFRESH_COUNTS_EVERY_MS },
        { name: 'search.refresh-counts', data: {} },
      );
  }
}
