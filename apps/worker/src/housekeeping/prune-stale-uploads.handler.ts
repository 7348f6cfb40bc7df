import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MediaUploadsRepository } from '@datebook/db';
import { ObjectStorage } from '@datebook/server';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/**
 * The create flow publishes right after its uploads finish and an avatar is saved right after its
 * upload, so an upload still pending a day later never will be; its presigned URL died long before,
 * so no object can arrive after the delete. A failed one has long been shown to its owner by then.
 */
export const STALE_UPLOAD_HOURS = 24;
/** Small: the batch's rows stay locked while their objects are deleted. */
const BATCH = 100;

/**
 * Removes uploads that nothing uses: still pending (a publish that failed, a tab closed mid-way, a
 * presigned URL never used) or failed, untouched for a day and named by no post media. Processing
 * and ready uploads are left alone: their job is still on them, or a post or profile shows them.
 * Only the original can be left: the worker records renditions only when it marks an upload ready.
 */
@Injectable()
export class PruneStaleUploadsHandler implements JobHandler<'housekeeping.prune-stale-uploads'> {
  readonly job = 'housekeeping.prune-stale-uploads' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: MediaUploadsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async handle(): Promise<JobResult> {
    let removed: number;
    do {
      removed = await this.pruneBatch();
    } while (removed === BATCH);
    return done();
  }

  /**
   * Locks the rows, deletes their objects, then the rows, all before the commit. Objects first: a
   * crash or a store error rolls the rows back and the next run finds them again (deleting a missing
   * key succeeds), whereas rows first would lose the keys. Under the lock, a publish or an avatar
   * save that reaches one of these uploads waits, then finds it gone and fails whole. One that got
   * there first holds the row, so SKIP LOCKED passes it over, and its commit moves it out of 'pending'.
   */
  private async pruneBatch(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const uploads = this.uploads.in(tx);
      const stale = await uploads.lockStale(STALE_UPLOAD_HOURS, BATCH);
      await Promise.all(stale.map((row) => this.storage.delete(row.storage_key)));
      await uploads.deleteByIds(stale.map((row) => row.id));
      return stale.length;
    });
  }
}
