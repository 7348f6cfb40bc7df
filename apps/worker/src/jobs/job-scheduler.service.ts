import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { jobs, jobSchedules } from '@datebook/contracts';
import { JobQueues } from '@datebook/server';

/**
 * Registers every schedule of the job registry on its job's queue. Schedulers are upserted by id, so
 * every worker replica may do this at boot and there is still one of each.
 */
@Injectable()
export class JobSchedulerService implements OnApplicationBootstrap {
  constructor(private readonly queues: JobQueues) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const [id, { job, repeat }] of Object.entries(jobSchedules)) {
      await this.queues.queue(jobs[job].queue).upsertJobScheduler(id, repeat, { name: job, data: {} });
    }
  }
}
