import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { SearchIndexRepository } from '@datebook/db';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';

/**
 * A profile was renamed, edited, made private or public, or made admin: its own document and the
 * author facts on its posts' documents follow.
 */
@Injectable()
export class IndexProfileHandler implements JobHandler<'search.index-profile'> {
  readonly job = 'search.index-profile' as const;

  constructor(private readonly index: SearchIndexRepository) {}

  async handle({ profileId }: JobPayload<'search.index-profile'>): Promise<JobResult> {
    const outcome = await this.index.indexProfile(profileId);
    return outcome === 'indexed' ? done() : skipped('profile gone; its documents are removed');
  }
}
