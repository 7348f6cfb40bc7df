import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AVATAR_DISPLAY_SIZE,
  AVATAR_SIZES,
  OBJECT_KEYS_PER_JOB,
  type JobPayload,
  type MediaVariants,
} from '@datebook/contracts';
import { MediaUploadsRepository, OutboxRepository, ProfilesRepository, type UploadRow } from '@datebook/db';
import { ObjectStorage, RealtimePublisher } from '@datebook/server';
import { skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { MediaOutcome } from './media-outcome';
import { SquareImageRenditions, uploadSubject } from './square-image-renditions';
import { UnusableMediaError } from './unusable-media';

/**
 * Turns a saved avatar upload into square JPEGs and points the profile at them, then tells the
 * owner's open tabs. A file that is not a usable image is an expected outcome: the upload is marked
 * failed with a message and the job succeeds. Anything else (the store or the database failing)
 * throws, so BullMQ retries. The original is deleted once done: it may
 * carry the metadata (such as a location) that the renditions leave out.
 */
@Injectable()
export class ProcessAvatarHandler implements JobHandler<'media.process-avatar'> {
  readonly job = 'media.process-avatar' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: MediaUploadsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly outbox: OutboxRepository,
    private readonly squares: SquareImageRenditions,
    private readonly outcome: MediaOutcome,
    private readonly realtime: RealtimePublisher,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ uploadId }: JobPayload<'media.process-avatar'>): Promise<JobResult> {
    const upload = await this.uploads.findAvatar(uploadId);
    if (!upload) {
      return skipped('upload not found');
    }
    if (upload.status === 'pending') {
      return skipped('upload not saved as an avatar yet');
    }
    if (upload.status !== 'processing') {
      return this.outcome.settledBefore(upload.storage_key);
    }
    const subject = uploadSubject(upload, 'avatar');
    let variants: MediaVariants;
    try {
      variants = await this.squares.render(upload, 'avatar', {
        sizes: AVATAR_SIZES,
        display: AVATAR_DISPLAY_SIZE,
      });
    } catch (error) {
      if (error instanceof UnusableMediaError) {
        return this.outcome.failed(subject, error, () =>
          this.uploads.markFailed(upload.id, error.userMessage),
        );
      }
      throw error;
    }

    const profile = await this.dataSource.transaction(async (tx) => {
      if (!(await this.uploads.in(tx).markReady(upload.id, variants))) {
        return undefined;
      }
      const updated = await this.profiles.in(tx).setAvatar(upload.user_id, variants.key);
      await this.forgetReplacedAvatars(tx, upload);
      return updated;
    });
    if (!profile) {
      return skipped('no longer processing');
    }
    this.realtime.toUser(upload.user_id, 'profile.updated', {
      userId: upload.user_id,
      username: profile.username,
      displayName: profile.display_name,
      avatarUrl: this.storage.readUrl(profile.avatar_key),
    });
    return this.outcome.ready(subject, variants.key);
  }

  /**
   * The avatars this one replaced are shown nowhere now: their rows go with this commit, and their
   * renditions by a job the same commit enqueues (the outbox), so neither is left behind by a crash.
   */
  private async forgetReplacedAvatars(tx: EntityManager, upload: UploadRow): Promise<void> {
    const replaced = await this.uploads.in(tx).deleteOtherReadyAvatars(upload.user_id, upload.id);
    const keys = replaced.flatMap((variants) => (variants.images ?? []).map((image) => image.key));
    const outbox = this.outbox.in(tx);
    for (let at = 0; at < keys.length; at += OBJECT_KEYS_PER_JOB) {
      await outbox.add('avatar.replaced', {
        userId: upload.user_id,
        keys: keys.slice(at, at + OBJECT_KEYS_PER_JOB),
      });
    }
  }
}
