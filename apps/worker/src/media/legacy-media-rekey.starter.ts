import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueues } from '@datebook/server';

/** One id for every replica and every boot: BullMQ adds no second job while one with it is kept. */
export const REKEY_LEGACY_JOB_ID = 'rekey-legacy-media';

/**
 * Queues `media.rekey-legacy` as the worker boots. Legacy keys only come from before this release,
 * so there is nothing to schedule: the first boot after the migration moves them, later ones find
 * nothing left (an indexed look at no rows).
 */
@Injectable()
export class LegacyMediaRekeyStarter implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.enqueue('media.rekey-legacy', {}, { jobId: REKEY_LEGACY_JOB_ID });
  }
}
