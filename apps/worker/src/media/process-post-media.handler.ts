import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import {
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  mediaKeyPrefix,
  mediaMessages,
  POST_IMAGE_MAIN_WIDTH,
  POST_IMAGE_WIDTHS,
  postMessages,
  type JobPayload,
  type MediaStatus,
  type PostKind,
  type PostMediaVariants,
} from '@datebook/contracts';
import {
  ImageProcessor,
  ImageRejectedError,
  LOGGER,
  modifyReturning,
  ObjectStorage,
  RealtimePublisher,
  VideoProcessor,
  VideoRejectedError,
} from '@datebook/server';
import type { JobHandler } from '../jobs/job-handler';

interface MediaRow {
  id: string;
  user_id: string;
  activity_id: string | null;
  date_id: string | null;
  media_type: 'photo' | 'video';
  storage_key: string;
  status: MediaStatus;
  upload_id: string | null;
  /** The upload's own key: the original, even once a ready video's storage_key names its copy. */
  upload_key: string | null;
}

interface Processed {
  variants: PostMediaVariants;
  width: number;
  height: number;
  durationMs: number | null;
  /**
   * The row's storage_key once ready, which a post's delete removes with the variants' keys: a
   * video's processed copy, as variants list no key for it; a photo's original, already gone.
   */
  storageKey: string;
  /** Everything this run wrote, removed again if the post is deleted meanwhile. */
  writtenKeys: string[];
}

/** Deterministic, so a retried job overwrites what an interrupted one wrote. */
export const postMediaKey = (
  userId: string,
  kind: PostKind,
  postMediaId: string,
  name: string,
  extension = 'jpg',
): string => `${mediaKeyPrefix(userId, kind)}${postMediaId}-${name}.${extension}`;

const POSTER_WIDTH = 640;

/** A file that cannot be used: the message for the owner and what to log. */
class Unusable extends Error {
  constructor(
    readonly userMessage: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(userMessage);
  }
}

/**
 * Processes one photo or video of a published post. A photo is decoded, oriented, flattened onto
 * white and written as JPEGs that keep its aspect ratio (the client's square crop is not trusted:
 * the full viewer shows the whole photo, the cards crop) plus a placeholder; the original goes, as
 * it may carry EXIF. A video is copied without its metadata (location, device) and gains its
 * duration, size and a poster frame; its original goes too, and what plays is the copy, made from
 * the bytes checked, whatever the still valid upload URL puts there later. The
 * post's image_urls/video_urls follow the ready media in order. An unusable file marks the media
 * failed with a message (the post stays, editable) and the job succeeds; anything else throws for
 * a retry.
 */
@Injectable()
export class ProcessPostMediaHandler implements JobHandler<'media.process-post-media'> {
  readonly job = 'media.process-post-media' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly images: ImageProcessor,
    private readonly videos: VideoProcessor,
    private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ postMediaId }: JobPayload<'media.process-post-media'>): Promise<void> {
    const [media] = await this.dataSource.query<MediaRow[]>(
      `SELECT m.id, m.user_id, m.activity_id, m.date_id, m.media_type, m.storage_key, m.status,
              m.upload_id, u.storage_key AS upload_key
         FROM post_media m LEFT JOIN media_uploads u ON u.id = m.upload_id
        WHERE m.id = $1`,
      [postMediaId],
    );
    if (!media) {
      return;
    }
    if (media.status !== 'processing') {
      // Finished before; that run may have stopped short of removing the original. Without its upload
      // row the account is gone, and its objects with it.
      if (media.upload_key) {
        await this.storage.delete(media.upload_key);
      }
      return;
    }
    let processed: Processed;
    try {
      processed = await this.process(media);
    } catch (error) {
      if (error instanceof Unusable) {
        await this.reject(media, error);
        return;
      }
      throw error;
    }
    await this.settle(media, processed);
  }

  private kindOf(media: MediaRow): { kind: PostKind; postId: string } {
    return media.activity_id
      ? { kind: 'activity', postId: media.activity_id }
      : { kind: 'date', postId: media.date_id! };
  }

  private async process(media: MediaRow): Promise<Processed> {
    const video = media.media_type === 'video';
    const checkSize = (size: number) => {
      if (size > (video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)) {
        throw new Unusable(video ? mediaMessages.videoTooLarge : mediaMessages.imageTooLarge, { size });
      }
    };
    // The upload URL stays valid after publishing, so the object may have changed since the api looked.
    const stored = await this.storage.head(media.storage_key);
    if (!stored) {
      throw new Unusable(mediaMessages.uploadMissing);
    }
    checkSize(stored.size);
    // It may change between these two requests as well; what counts is what was read, and no more
    // than one byte past the limit is.
    const bytes = await this.storage.get(media.storage_key, video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES);
    checkSize(bytes.length);
    return video ? this.processVideo(media, bytes) : this.processPhoto(media, bytes);
  }

  private async processPhoto(media: MediaRow, bytes: Buffer): Promise<Processed> {
    const { kind } = this.kindOf(media);
    const jpegs = await this.jpegs(bytes, POST_IMAGE_WIDTHS, mediaMessages.notAnImage);
    const images = await Promise.all(
      jpegs.renditions.map(async ({ size, width, height, data }) => {
        const key = postMediaKey(media.user_id, kind, media.id, String(size));
        await this.storage.put(key, data, 'image/jpeg');
        return { size, key, url: this.storage.publicUrl(key), width, height };
      }),
    );
    const main = images.find((image) => image.size === POST_IMAGE_MAIN_WIDTH)!;
    return {
      variants: { url: main.url, images, placeholder: jpegs.placeholder, poster: null },
      width: main.width,
      height: main.height,
      durationMs: null,
      storageKey: media.storage_key,
      writtenKeys: images.map((image) => image.key),
    };
  }

  private async processVideo(media: MediaRow, bytes: Buffer): Promise<Processed> {
    const { kind } = this.kindOf(media);
    let clip;
    try {
      clip = await this.videos.process(bytes);
    } catch (error) {
      if (error instanceof VideoRejectedError) {
        throw new Unusable(postMessages.videoUnreadable, { err: error.cause });
      }
      throw error;
    }
    const poster = await this.jpegs(clip.poster, [POSTER_WIDTH], postMessages.videoUnreadable);
    const frame = poster.renditions[0]!;
    const { video } = clip;
    const posterKey = postMediaKey(media.user_id, kind, media.id, 'poster');
    const videoKey = postMediaKey(media.user_id, kind, media.id, 'video', video.container);
    await Promise.all([
      this.storage.put(posterKey, frame.data, 'image/jpeg'),
      this.storage.put(videoKey, video.data, video.contentType),
    ]);
    return {
      variants: {
        url: this.storage.publicUrl(videoKey),
        images: [],
        placeholder: poster.placeholder,
        poster: {
          key: posterKey,
          url: this.storage.publicUrl(posterKey),
          width: frame.width,
          height: frame.height,
        },
      },
      width: clip.width,
      height: clip.height,
      durationMs: clip.durationMs,
      storageKey: videoKey,
      writtenKeys: [posterKey, videoKey],
    };
  }

  private async jpegs(bytes: Buffer, widths: readonly number[], unreadable: string) {
    try {
      return await this.images.responsiveJpegs(bytes, widths);
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        const message = error.reason === 'too-many-pixels' ? mediaMessages.tooManyPixels : unreadable;
        throw new Unusable(message, { reason: error.reason, err: error.cause });
      }
      throw error;
    }
  }

  /** The media row, its upload and the post's url lists change together, only if still processing. */
  private async settle(media: MediaRow, processed: Processed): Promise<void> {
    const { kind, postId } = this.kindOf(media);
    const { variants } = processed;
    const done = await this.dataSource.transaction(async (manager) => {
      const claimed = await modifyReturning<{ id: string }>(
        manager,
        `UPDATE post_media SET status = 'ready', url = $2, variants = $3, width = $4, height = $5,
                duration_ms = $6, placeholder = $7, storage_key = $8, failure_reason = NULL,
                updated_at = now()
          WHERE id = $1 AND status = 'processing' RETURNING id`,
        [
          media.id,
          variants.url,
          JSON.stringify(variants),
          processed.width,
          processed.height,
          processed.durationMs,
          variants.placeholder,
          processed.storageKey,
        ],
      );
      if (claimed.length === 0) {
        return false;
      }
      await manager.query(
        `UPDATE media_uploads SET status = 'ready', variants = $2, updated_at = now() WHERE id = $1`,
        [media.upload_id, JSON.stringify(variants)],
      );
      await this.syncPostUrls(manager, kind, postId);
      return true;
    });
    if (!done) {
      const [still] = await this.dataSource.query<unknown[]>('SELECT 1 FROM post_media WHERE id = $1', [
        media.id,
      ]);
      if (!still) {
        // The post was deleted while this ran: its delete job could not know these keys.
        await Promise.all(
          [...processed.writtenKeys, media.storage_key].map((key) => this.storage.delete(key)),
        );
      }
      return;
    }
    this.publish(media, 'ready', variants.url, null);
    await this.storage.delete(media.storage_key);
  }

  private async reject(media: MediaRow, problem: Unusable): Promise<void> {
    const { kind, postId } = this.kindOf(media);
    this.logger.info(
      { postMediaId: media.id, message: problem.userMessage, ...problem.details },
      'post media rejected',
    );
    const failed = await this.dataSource.transaction(async (manager) => {
      const rows = await modifyReturning<{ id: string }>(
        manager,
        `UPDATE post_media SET status = 'failed', failure_reason = $2, updated_at = now()
          WHERE id = $1 AND status = 'processing' RETURNING id`,
        [media.id, problem.userMessage],
      );
      if (rows.length === 0) {
        return false;
      }
      await manager.query(
        `UPDATE media_uploads SET status = 'failed', failure_reason = $2, updated_at = now() WHERE id = $1`,
        [media.upload_id, problem.userMessage],
      );
      await this.syncPostUrls(manager, kind, postId);
      return true;
    });
    if (!failed) {
      return;
    }
    this.publish(media, 'failed', null, problem.userMessage);
    await this.storage.delete(media.storage_key);
  }

  private async syncPostUrls(
    manager: Pick<DataSource, 'query'>,
    kind: PostKind,
    postId: string,
  ): Promise<void> {
    const [table, fk] = kind === 'activity' ? ['activities', 'activity_id'] : ['dates', 'date_id'];
    const ready = (type: string) =>
      `ARRAY(SELECT url FROM post_media WHERE ${fk} = $1 AND media_type = '${type}' AND status = 'ready'
              ORDER BY position, id)`;
    await manager.query(
      `UPDATE ${table} SET image_urls = ${ready('photo')}, video_urls = ${ready('video')} WHERE id = $1`,
      [postId],
    );
  }

  private publish(
    media: MediaRow,
    status: 'ready' | 'failed',
    url: string | null,
    message: string | null,
  ): void {
    // The upload row goes only with its owner's account; then there is nobody to tell.
    if (!media.upload_id) {
      return;
    }
    const { kind, postId } = this.kindOf(media);
    this.realtime.toUser(media.user_id, 'media.status', {
      uploadId: media.upload_id,
      kind,
      status,
      url,
      message,
      post: { kind, postId, postMediaId: media.id },
    });
  }
}
