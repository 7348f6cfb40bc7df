import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { FeedScoresRepository } from '@datebook/db';
import { done, type JobHandler, type JobResult } from '../jobs/job-handler';

/** A post was published, edited or deleted: its For You score follows at once, not at the next refresh. */
@Injectable()
export class ScorePostHandler implements JobHandler<'feed.score-post'> {
  readonly job = 'feed.score-post' as const;

  constructor(private readonly scores: FeedScoresRepository) {}

  async handle(payload: JobPayload<'feed.score-post'>): Promise<JobResult> {
    await this.scores.scorePost(payload.kind, payload.postId);
    return done();
  }
}
