import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, ObjectStorage, RealtimePublisher } from '@datebook/server';
import { done, skipped, type JobResult } from '../jobs/job-handler';
import type { MediaSubject } from './media-subject';
import type { UnusableMediaError } from './unusable-media';

/**
 * How every media job ends once its rows are settled: the owner's open tabs hear of it (`media.status`)
 * and the original leaves the bucket. The rows are the caller's: each kind of media keeps its
 * own, and marks them only while they are still processing, so a concurrent or repeated run settles
 * nothing twice.
 */
@Injectable()
export class MediaOutcome {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `key` is the object to show; the owner's tabs get a signed URL for it. */
  async ready(subject: MediaSubject, key: string): Promise<JobResult> {
    this.tell(subject, 'ready', this.storage.readUrl(key), null);
    await this.storage.delete(subject.originalKey);
    return done();
  }

  /**
   * The file is unusable: `markFailed` records why on the caller's rows (false when they were no
   * longer processing), the owner is told, and the job succeeds, as retrying cannot help.
   */
  async failed(
    subject: MediaSubject,
    problem: UnusableMediaError,
    markFailed: () => Promise<boolean>,
  ): Promise<JobResult> {
    this.logger.info(
      { uploadId: subject.uploadId, post: subject.post, message: problem.userMessage, ...problem.details },
      'media rejected',
    );
    if (!(await markFailed())) {
      return skipped('no longer processing');
    }
    this.tell(subject, 'failed', null, problem.userMessage);
    await this.storage.delete(subject.originalKey);
    return done();
  }

  /** Settled by an earlier run, which may have stopped short of removing the original. */
  async settledBefore(originalKey: string | null): Promise<JobResult> {
    if (originalKey) {
      await this.storage.delete(originalKey);
    }
    return skipped('already processed');
  }

  private tell(
    subject: MediaSubject,
    status: 'ready' | 'failed',
    url: string | null,
    message: string | null,
  ) {
    if (!subject.uploadId) {
      return;
    }
    this.realtime.toUser(subject.userId, 'media.status', {
      uploadId: subject.uploadId,
      kind: subject.kind,
      status,
      url,
      message,
      ...(subject.post && { post: subject.post }),
    });
  }
}
