import { Injectable } from '@nestjs/common';
import { SearchIndexRepository } from '@datebook/db';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/**
 * Documents of posts this recent get fresh counts each run; older ones keep theirs until a rebuild.
 * Matches the For You rescore window: the Most Popular sort ranks engagement over a recent window.
 */
export const REFRESH_COUNTS_WINDOW_DAYS = 30;

/** The periodic copy of like, comment and save counts: engagement changes raise no events. */
@Injectable()
export class RefreshCountsHandler implements JobHandler<'search.refresh-counts'> {
  readonly job = 'search.refresh-counts' as const;

  constructor(private readonly index: SearchIndexRepository) {}

  async handle(): Promise<JobResult> {
    await this.index.refreshCounts(new Date(Date.now() - REFRESH_COUNTS_WINDOW_DAYS * 86_400_000));
    return done();
  }
}
