import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/**
 * Removes objects whose rows are gone, such as a deleted post's uploads and renditions. Deleting a
 * missing key succeeds, so a rerun is harmless.
 */
@Injectable()
export class DeleteObjectsHandler implements JobHandler<'media.delete-objects'> {
  readonly job = 'media.delete-objects' as const;

  constructor(private readonly storage: ObjectStorage) {}

  async handle({ keys }: JobPayload<'media.delete-objects'>): Promise<JobResult> {
    await Promise.all(keys.map((key) => this.storage.delete(key)));
    return done();
  }
}
