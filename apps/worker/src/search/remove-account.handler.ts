import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { SearchIndexRepository } from '@datebook/db';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/**
 * An account is being deleted: its profile and posts leave search now, not when the purge removes
 * the rows. Re-deriving the profile removes them, since a deleted account's profile does not count.
 */
@Injectable()
export class RemoveAccountHandler implements JobHandler<'search.remove-account'> {
  readonly job = 'search.remove-account' as const;

  constructor(private readonly index: SearchIndexRepository) {}

  async handle({ userId }: JobPayload<'search.remove-account'>): Promise<JobResult> {
    const outcome = await this.index.indexProfile(userId);
    if (outcome === 'indexed') {
      throw new Error(`Account ${userId} is still live: its deletion has not committed`);
    }
    return done();
  }
}
