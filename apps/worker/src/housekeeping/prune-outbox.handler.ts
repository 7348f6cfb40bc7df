import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { modifyReturning } from '@datebook/server';
import type { JobHandler } from '../jobs/job-handler';

/** Dispatched rows are kept a week for investigations, then removed so the table stays small. */
export const OUTBOX_RETENTION_DAYS = 7;
const BATCH = 5_000;

@Injectable()
export class PruneOutboxHandler implements JobHandler<'housekeeping.prune-outbox'> {
  readonly job = 'housekeeping.prune-outbox' as const;

  constructor(private readonly dataSource: DataSource) {}

  /** Deletes in batches so one run never holds long locks or bloats a single transaction. */
  async handle(): Promise<void> {
    let removed: number;
    do {
      const rows = await modifyReturning<{ id: string }>(
        this.dataSource,
        `DELETE FROM outbox WHERE id IN (
           SELECT id FROM outbox
            WHERE dispatched_at < now() - make_interval(days => $1)
            ORDER BY id LIMIT $2)
         RETURNING id`,
        [OUTBOX_RETENTION_DAYS, BATCH],
      );
      removed = rows.length;
    } while (removed === BATCH);
  }
}
