import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobPayload } from '@datebook/contracts';
import { MediaUploadsRepository, PostMediaRepository } from '@datebook/db';
import { ObjectStorage } from '@datebook/server';
import { skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { IMAGE_LIMIT, MediaIntake, VIDEO_LIMIT } from './media-intake';
import { MediaOutcome } from './media-outcome';
import { postMediaJob, type PostMediaJob } from './post-media-job';
import { PostMediaRenditions, type RenderedPostMedia } from './post-media-renditions';
import { UnusableMediaError } from './unusable-media';

/**
 * Processes one photo or video of a published post (see PostMediaRenditions); the original goes, as
 * it may carry EXIF. The post's image_keys/video_keys follow the ready media in order. An unusable
 * file marks the media failed with a message (the post stays, editable) and the job succeeds;
 * anything else throws for a retry.
 */
@Injectable()
export class ProcessPostMediaHandler implements JobHandler<'media.process-post-media'> {
  readonly job = 'media.process-post-media' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly postMedia: PostMediaRepository,
    private readonly uploads: MediaUploadsRepository,
    private readonly intake: MediaIntake,
    private readonly renditions: PostMediaRenditions,
    private readonly outcome: MediaOutcome,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ postMediaId }: JobPayload<'media.process-post-media'>): Promise<JobResult> {
    const row = await this.postMedia.findWithUploadKey(postMediaId);
    if (!row) {
      return skipped('post media not found');
    }
    if (row.status !== 'processing') {
      // Without its upload row the account is gone, and its objects with it.
      return this.outcome.settledBefore(row.upload_key);
    }
    const job = postMediaJob(row);
    let rendered: RenderedPostMedia;
    try {
      rendered = await this.render(job);
    } catch (error) {
      if (error instanceof UnusableMediaError) {
        return this.outcome.failed(job.subject, error, () => this.markFailed(job, error.userMessage));
      }
      throw error;
    }
    if (!(await this.markReady(job, rendered))) {
      return this.abandon(job, rendered);
    }
    return this.outcome.ready(job.subject, rendered.variants.key);
  }

  private async render(job: PostMediaJob): Promise<RenderedPostMedia> {
    if (job.row.media_type === 'video') {
      return this.renditions.video(job, await this.intake.read(job.row.storage_key, VIDEO_LIMIT));
    }
    return this.renditions.photo(job, await this.intake.read(job.row.storage_key, IMAGE_LIMIT));
  }

  private markReady(job: PostMediaJob, rendered: RenderedPostMedia): Promise<boolean> {
    return this.settle(
      job,
      (postMedia) => postMedia.markReady(job.row.id, rendered),
      (uploads, uploadId) => uploads.markReady(uploadId, rendered.variants),
    );
  }

  private markFailed(job: PostMediaJob, reason: string): Promise<boolean> {
    return this.settle(
      job,
      (postMedia) => postMedia.markFailed(job.row.id, reason),
      (uploads, uploadId) => uploads.markFailed(uploadId, reason),
    );
  }

  /**
   * The media row, its upload and the post's key lists change together, only while the row is still
   * processing; false when another run settled it or the post is gone.
   */
  private settle(
    job: PostMediaJob,
    markRow: (postMedia: PostMediaRepository) => Promise<boolean>,
    markUpload: (uploads: MediaUploadsRepository, uploadId: string) => Promise<boolean>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const postMedia = this.postMedia.in(tx);
      if (!(await markRow(postMedia))) {
        return false;
      }
      if (job.row.upload_id) {
        await markUpload(this.uploads.in(tx), job.row.upload_id);
      }
      await postMedia.refreshPostKeys(job.kind, job.postId);
      return true;
    });
  }

  /** Another run settled the row, or the post was deleted while this one ran. */
  private async abandon(job: PostMediaJob, rendered: RenderedPostMedia): Promise<JobResult> {
    if (await this.postMedia.exists(job.row.id)) {
      return skipped('settled by another run');
    }
    // The post's delete job could not know the keys this run wrote.
    await Promise.all([...rendered.writtenKeys, job.row.storage_key].map((key) => this.storage.delete(key)));
    return skipped('post deleted while processing');
  }
}
