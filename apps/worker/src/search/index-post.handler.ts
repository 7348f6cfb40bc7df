import { Injectable } from '@nestjs/common';
import type { JobPayload } from '@datebook/contracts';
import { SearchIndexRepository } from '@datebook/db';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';

/** A post was published, edited or deleted: its search document follows within the second. */
@Injectable()
export class IndexPostHandler implements JobHandler<'search.index-post'> {
  readonly job = 'search.index-post' as const;

  constructor(private readonly index: SearchIndexRepository) {}

  async handle({ kind, postId }: JobPayload<'search.index-post'>): Promise<JobResult> {
    const outcome = await this.index.indexPost(kind, postId);
    return outcome === 'indexed' ? done() : skipped('post gone or not searchable; its document is removed');
  }
}
