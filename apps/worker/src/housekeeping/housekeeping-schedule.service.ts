import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueues } from '@datebook/server';

const HOURLY = { every: 60 * 60 * 1000 };

/**
 * Registers the recurring jobs. Job schedulers are upserted by id, so every worker replica may do
 * this at boot and there is still one schedule.
 */
@Injectable()
export class HousekeepingScheduleService implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    const housekeeping = this.queues.queue('housekeeping');
    await housekeeping.upsertJobScheduler('prune-outbox', HOURLY, {
      name: 'housekeeping.prune-outbox',
      data: {},
    });
    await housekeeping.upsertJobScheduler('prune-stale-uploads', HOURLY, {
      name: 'housekeeping.prune-stale-uploads',
      data: {},
    });
  }
}
