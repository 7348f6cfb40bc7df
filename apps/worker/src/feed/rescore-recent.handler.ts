import { Injectable } from '@nestjs/common';
import { FeedScoresRepository } from '@datebook/db';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/** The periodic refresh of For You scores: engagement moves without events. */
@Injectable()
export class RescoreRecentHandler implements JobHandler<'feed.rescore-recent'> {
  readonly job = 'feed.rescore-recent' as const;

  constructor(private readonly scores: FeedScoresRepository) {}

  async handle(): Promise<JobResult> {
    await this.scores.rescoreRecent();
    return done();
  }
}
