import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueues } from '@datebook/server';

/**
 * Registers the recurring jobs. Job schedulers are upserted by id, so every worker replica may do
 * this at boot and there is still one schedule.
 */
@Injectable()
export class HousekeepingScheduleService implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues
      .queue('housekeeping')
      .upsertJobScheduler(
        'prune-outbox',
        { every: 60 * 60 * 1000 },
        { name: 'housekeeping.prune-outbox', data: {} },
      );
  }
}
