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
import { done, skipped, type JobHandler, type JobResult } from '../jobs/job-handler';
import { SquareImageRenditions, type SquareImageTarget } from './square-image-renditions';

/**
 * Turns a saved avatar upload into square JPEGs and points the profile at them, then tells the
 * owner's open tabs. The original is deleted once done: it may carry the metadata (such as a
 * location) that the renditions leave out.
 */
@Injectable()
export class ProcessAvatarHandler implements JobHandler<'media.process-avatar'>, SquareImageTarget {
  readonly job = 'media.process-avatar' as const;
  readonly kind = 'avatar' as const;
  readonly squares = { sizes: AVATAR_SIZES, display: AVATAR_DISPLAY_SIZE };
  readonly notYetHandedOver = 'upload not saved as an avatar yet';

  constructor(
    private readonly dataSource: DataSource,
    private readonly uploads: MediaUploadsRepository,
    private readonly profiles: ProfilesRepository,
    private readonly outbox: OutboxRepository,
    private readonly squareImages: SquareImageRenditions,
    private readonly realtime: RealtimePublisher,
    private readonly storage: ObjectStorage,
  ) {}

  handle({ uploadId }: JobPayload<'media.process-avatar'>): Promise<JobResult> {
    return this.squareImages.process(uploadId, this);
  }

  find(uploadId: string): Promise<UploadRow | undefined> {
    return this.uploads.findAvatar(uploadId);
  }

  async show(upload: UploadRow, variants: MediaVariants): Promise<JobResult> {
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
    return done();
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
