import { Injectable } from '@nestjs/common';
import { OutboxRepository } from '@datebook/db';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/** Dispatched rows are kept a week for investigations, then removed so the table stays small. */
export const OUTBOX_RETENTION_DAYS = 7;
const BATCH = 5_000;

@Injectable()
export class PruneOutboxHandler implements JobHandler<'housekeeping.prune-outbox'> {
  readonly job = 'housekeeping.prune-outbox' as const;

  constructor(private readonly outbox: OutboxRepository) {}

  /** Deletes in batches so one run never holds long locks or bloats a single transaction. */
  async handle(): Promise<JobResult> {
    let removed: number;
    do {
      removed = await this.outbox.pruneDispatched(OUTBOX_RETENTION_DAYS, BATCH);
    } while (removed === BATCH);
    return done();
  }
}
