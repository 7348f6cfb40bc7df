import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { UsersRepository } from '@datebook/db';
import { ObjectStorage } from '@datebook/server';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';

/**
 * Finishes an account deletion: every object under the user's key prefix, then the account row
 * (its rows cascade). Safe to run again: a second run finds nothing left to remove.
 */
@Injectable()
export class AccountPurgeHandler implements JobHandler<'account.purge'> {
  readonly job = 'account.purge' as const;

  constructor(
    private readonly users: UsersRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId }: JobPayload<'account.purge'>): Promise<JobResult> {
    if (!(await this.users.isAwaitingPurge(userId))) {
      return skipped('no deleted account to purge');
    }
    await this.storage.deletePrefix(`${userId}/`);
    await this.users.purgeDeleted(userId);
    return done();
  }
}
