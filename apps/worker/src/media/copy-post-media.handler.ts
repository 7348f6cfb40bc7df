import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { JobPayload } from '@datebook/contracts';
import { PostMediaRepository } from '@datebook/db';
import {
  copiedRenditionKey,
  LOGGER,
  ObjectStorage,
  RealtimePublisher,
  renditionStem,
} from '@datebook/server';
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { postMediaJob, type PostMediaJob } from './post-media-job';

/** The owner's words for a copy whose source went first (the failed item shows them). */
export const COPY_SOURCE_GONE = 'This photo was deleted from its activity before it could be copied.';

/**
 * Copies another post's photo onto a post's media row (Date Completed's photos from the plan's
 * activities, issue 13): each source object, server-side, to the row's own key of the same rendition
 * under its token (`copiedRenditionKey`), then in one transaction the row turns ready (its variants,
 * size and placeholder were recorded when it was made) and the post's key lists follow; the owner's
 * tabs hear `media.status`. Copies overwrite, so a retry after a partial copy ends the same way.
 * A source object that is gone (the activity or its photo was deleted meanwhile) marks the row failed
 * with a reason, and the job succeeds: retrying cannot bring it back.
 */
@Injectable()
export class CopyPostMediaHandler implements JobHandler<'media.copy-post-media'> {
  readonly job = 'media.copy-post-media' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly postMedia: PostMediaRepository,
    private readonly storage: ObjectStorage,
    private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ postMediaId, sourceKeys }: JobPayload<'media.copy-post-media'>): Promise<JobResult> {
    const row = await this.postMedia.findWithUploadKey(postMediaId);
    if (!row) {
      return skipped('post media not found');
    }
    if (row.status !== 'processing') {
      return skipped('already settled');
    }
    const job = postMediaJob(row);
    const stem = renditionStem(row.user_id, job.kind, row.storage_key);
    const copies = [...new Set(sourceKeys)].map((from) => ({ from, to: copiedRenditionKey(stem, from) }));
    const found = await Promise.all(copies.map(({ from, to }) => this.storage.copy(from, to)));
    const written = copies.filter((_, at) => found[at]).map(({ to }) => to);
    if (written.length < copies.length) {
      // Half a photo is none: what was copied goes, the row says why.
      await this.deleteAll(written);
      return this.sourceGone(
        job,
        copies.filter((_, at) => !found[at]).map(({ from }) => from),
      );
    }
    const displayKey = await this.settle(job, (postMedia) => postMedia.markCopied(row.id));
    if (displayKey === null) {
      if (await this.postMedia.exists(row.id)) {
        return skipped('settled by another run');
      }
      // The post's delete job may have run before these copies existed.
      await this.deleteAll(written);
      return skipped('post deleted while copying');
    }
    this.tell(job, 'ready', this.storage.readUrl(displayKey), null);
    return done();
  }

  private async sourceGone(job: PostMediaJob, missing: string[]): Promise<JobResult> {
    this.logger.info({ post: job.subject.post, missing }, 'copied media source gone');
    const failed = await this.settle(job, async (postMedia) =>
      (await postMedia.markFailed(job.row.id, COPY_SOURCE_GONE)) ? job.row.id : null,
    );
    if (failed === null) {
      return skipped('no longer processing');
    }
    this.tell(job, 'failed', null, COPY_SOURCE_GONE);
    return done();
  }

  /** The row and its post's key lists change together; null when the row was no longer processing. */
  private settle(
    job: PostMediaJob,
    mark: (postMedia: PostMediaRepository) => Promise<string | null>,
  ): Promise<string | null> {
    return this.dataSource.transaction(async (tx) => {
      const postMedia = this.postMedia.in(tx);
      const marked = await mark(postMedia);
      if (marked !== null) {
        await postMedia.refreshPostKeys(job.kind, job.postId);
      }
      return marked;
    });
  }

  private async deleteAll(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.storage.delete(key)));
  }

  /**
   * The owner's open pages refresh the post (decision 15). A copy has no upload of its own, so the
   * event's `uploadId` is empty: only its `post` part means anything to the web app.
   */
  private tell(job: PostMediaJob, status: 'ready' | 'failed', url: string | null, message: string | null) {
    this.realtime.toUser(job.row.user_id, 'media.status', {
      uploadId: '',
      kind: job.kind,
      status,
      url,
      message,
      ...(job.subject.post && { post: job.subject.post }),
    });
  }
}
