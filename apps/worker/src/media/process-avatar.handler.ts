import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AVATAR_DISPLAY_SIZE,
  AVATAR_SIZES,
  MAX_IMAGE_BYTES,
  mediaKeyPrefix,
  mediaMessages,
  OBJECT_KEYS_PER_JOB,
  type JobPayload,
  type MediaStatus,
  type MediaVariants,
} from '@datebook/contracts';
import {
  ImageProcessor,
  ImageRejectedError,
  LOGGER,
  modifyReturning,
  ObjectStorage,
  RealtimePublisher,
  writeOutbox,
  type SquareJpegs,
} from '@datebook/server';
import type { JobHandler } from '../jobs/job-handler';

interface UploadRow {
  id: string;
  user_id: string;
  storage_key: string;
  status: MediaStatus;
}

interface ProfileRow {
  username: string;
  display_name: string | null;
  avatar_url: string | null;
}

/** Deterministic, so a retried job overwrites what an interrupted one wrote. */
export const avatarVariantKey = (userId: string, uploadId: string, size: number): string =>
  `${mediaKeyPrefix(userId, 'avatar')}${uploadId}-${size}.jpg`;

/**
 * Turns a saved avatar upload into square JPEGs and points the profile at them, then tells the
 * owner's open tabs. A file that is not a usable image is an expected outcome: the upload is marked
 * failed with a message and the job succeeds. Anything else (the store or the database failing)
 * throws, so BullMQ retries. The original is deleted once done: it sits in a public bucket and may
 * carry the metadata (such as a location) that the renditions leave out.
 */
@Injectable()
export class ProcessAvatarHandler implements JobHandler<'media.process-avatar'> {
  readonly job = 'media.process-avatar' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProcessor,
    private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ uploadId }: JobPayload<'media.process-avatar'>): Promise<void> {
    const [upload] = await this.dataSource.query<UploadRow[]>(
      `SELECT id, user_id, storage_key, status FROM media_uploads WHERE id = $1 AND kind = 'avatar'`,
      [uploadId],
    );
    if (!upload || upload.status === 'pending') {
      return;
    }
    if (upload.status !== 'processing') {
      // Finished before; that run may have stopped short of removing the original.
      await this.storage.delete(upload.storage_key);
      return;
    }

    // The upload URL stays valid after the save, so the object may have changed since the api looked.
    const stored = await this.storage.head(upload.storage_key);
    if (!stored || stored.size > MAX_IMAGE_BYTES) {
      await this.reject(upload, stored ? mediaMessages.imageTooLarge : mediaMessages.uploadMissing, {
        size: stored?.size,
      });
      return;
    }
    // The object may have grown since the head; no more than one byte past the limit is read.
    const bytes = await this.storage.get(upload.storage_key, MAX_IMAGE_BYTES);
    if (bytes.length > MAX_IMAGE_BYTES) {
      await this.reject(upload, mediaMessages.imageTooLarge, { size: bytes.length });
      return;
    }
    let squares: SquareJpegs;
    try {
      squares = await this.images.squareJpegs(bytes, AVATAR_SIZES);
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        const message =
          error.reason === 'too-many-pixels' ? mediaMessages.tooManyPixels : mediaMessages.notAnImage;
        await this.reject(upload, message, { reason: error.reason, err: error.cause });
        return;
      }
      throw error;
    }

    const images = await Promise.all(
      squares.renditions.map(async ({ size, width, height, data }) => {
        const key = avatarVariantKey(upload.user_id, upload.id, size);
        await this.storage.put(key, data, 'image/jpeg');
        return { size, key, url: this.storage.publicUrl(key), width, height };
      }),
    );
    const url = this.storage.publicUrl(avatarVariantKey(upload.user_id, upload.id, AVATAR_DISPLAY_SIZE));
    const variants: MediaVariants = { url, images, placeholder: squares.placeholder };

    const profile = await this.dataSource.transaction(async (manager) => {
      const claimed = await modifyReturning<{ id: string }>(
        manager,
        `UPDATE media_uploads SET status = 'ready', variants = $2, updated_at = now()
          WHERE id = $1 AND status = 'processing' RETURNING id`,
        [upload.id, JSON.stringify(variants)],
      );
      if (claimed.length === 0) {
        return undefined;
      }
      const [updated] = await modifyReturning<ProfileRow>(
        manager,
        `UPDATE profiles SET avatar_url = $2, updated_at = now() WHERE id = $1
          RETURNING username, display_name, avatar_url`,
        [upload.user_id, url],
      );
      await this.forgetReplacedAvatars(manager, upload);
      return updated;
    });
    if (!profile) {
      return;
    }
    this.realtime.toUser(upload.user_id, 'profile.updated', {
      userId: upload.user_id,
      username: profile.username,
      displayName: profile.display_name,
      avatarUrl: profile.avatar_url,
    });
    this.realtime.toUser(upload.user_id, 'media.status', {
      uploadId: upload.id,
      kind: 'avatar',
      status: 'ready',
      url,
      message: null,
    });
    await this.storage.delete(upload.storage_key);
  }

  /**
   * The avatars this one replaced are shown nowhere now: their rows go with this commit, and their
   * renditions by a job the same commit enqueues (the outbox), so neither is left behind by a crash.
   */
  private async forgetReplacedAvatars(manager: EntityManager, upload: UploadRow): Promise<void> {
    const replaced = await modifyReturning<{ variants: Partial<MediaVariants> }>(
      manager,
      `DELETE FROM media_uploads WHERE user_id = $1 AND kind = 'avatar' AND status = 'ready' AND id <> $2
        RETURNING variants`,
      [upload.user_id, upload.id],
    );
    const keys = replaced.flatMap(({ variants }) => (variants.images ?? []).map((image) => image.key));
    for (let at = 0; at < keys.length; at += OBJECT_KEYS_PER_JOB) {
      await writeOutbox(manager, 'avatar.replaced', {
        userId: upload.user_id,
        keys: keys.slice(at, at + OBJECT_KEYS_PER_JOB),
      });
    }
  }

  private async reject(upload: UploadRow, message: string, details: Record<string, unknown>): Promise<void> {
    this.logger.info({ uploadId: upload.id, message, ...details }, 'avatar upload rejected');
    const failed = await modifyReturning<{ id: string }>(
      this.dataSource.manager,
      `UPDATE media_uploads SET status = 'failed', failure_reason = $2, updated_at = now()
        WHERE id = $1 AND status = 'processing' RETURNING id`,
      [upload.id, message],
    );
    if (failed.length === 0) {
      return;
    }
    this.realtime.toUser(upload.user_id, 'media.status', {
      uploadId: upload.id,
      kind: 'avatar',
      status: 'failed',
      url: null,
      message,
    });
    await this.storage.delete(upload.storage_key);
  }
}
