import { Injectable } from '@nestjs/common';
import { mediaMessages, type MediaKind, type MediaVariants } from '@datebook/contracts';
import { MediaUploadsRepository, type UploadRow } from '@datebook/db';
import { renditionKey, renditionStem } from '@datebook/server';
import { skipped, type JobResult } from '../jobs/job-handler';
import { IMAGE_LIMIT, MediaIntake } from './media-intake';
import { MediaOutcome } from './media-outcome';
import type { MediaSubject } from './media-subject';
import { ImageProcessor } from './processing/image-processor';
import { RenditionWriter } from './rendition-writer';
import { UnusableMediaError, unlessImageRejected } from './unusable-media';

/** The square images an upload becomes: every size it is drawn at, and the one shown by default. */
export interface SquareSizes {
  sizes: readonly number[];
  display: number;
}

/** What one kind of square image (an avatar, a collection cover) brings to the job that makes it. */
export interface SquareImageTarget {
  readonly kind: MediaKind;
  readonly squares: SquareSizes;
  /** Why an upload the api has not handed over yet is left alone. */
  readonly notYetHandedOver: string;
  /** The upload row of this kind, or undefined once it is gone. */
  find(uploadId: string): Promise<UploadRow | undefined>;
  /**
   * Marks the upload ready and shows its squares where they belong, in one transaction: done once
   * shown, or skipped and why when the upload is no longer processing or no longer wanted.
   */
  show(upload: UploadRow, variants: MediaVariants): Promise<JobResult>;
}

/**
 * Avatars and collection covers: an uploaded image read within its limit, cropped to squares at each
 * size beside its original (a retried job overwrites its own files), plus a placeholder, then shown by
 * the target. A file that is not a usable image marks the upload failed with the owner's message and
 * the job succeeds; anything else (the store or the database failing) throws, so BullMQ retries.
 */
@Injectable()
export class SquareImageRenditions {
  constructor(
    private readonly uploads: MediaUploadsRepository,
    private readonly intake: MediaIntake,
    private readonly images: ImageProcessor,
    private readonly renditions: RenditionWriter,
    private readonly outcome: MediaOutcome,
  ) {}

  async process(uploadId: string, target: SquareImageTarget): Promise<JobResult> {
    const upload = await target.find(uploadId);
    if (!upload) {
      return skipped('upload not found');
    }
    if (upload.status === 'pending') {
      return skipped(target.notYetHandedOver);
    }
    if (upload.status !== 'processing') {
      return this.outcome.settledBefore(upload.storage_key);
    }
    const subject: MediaSubject = {
      userId: upload.user_id,
      uploadId: upload.id,
      kind: target.kind,
      originalKey: upload.storage_key,
    };
    let variants: MediaVariants;
    try {
      variants = await this.render(upload, target.kind, target.squares);
    } catch (error) {
      if (error instanceof UnusableMediaError) {
        return this.outcome.failed(subject, error, () =>
          this.uploads.markFailed(upload.id, error.userMessage),
        );
      }
      throw error;
    }
    const shown = await target.show(upload, variants);
    return shown.outcome === 'done' ? this.outcome.ready(subject, variants.key) : shown;
  }

  private async render(
    upload: UploadRow,
    kind: MediaKind,
    { sizes, display }: SquareSizes,
  ): Promise<MediaVariants> {
    const bytes = await this.intake.read(upload.storage_key, IMAGE_LIMIT);
    const squares = await unlessImageRejected(
      this.images.squareJpegs(bytes, sizes),
      mediaMessages.notAnImage,
    );
    const stem = renditionStem(upload.user_id, kind, upload.storage_key);
    const keyOf = (size: number) => renditionKey(stem, size);
    const images = await this.renditions.images(squares.renditions, ({ size }) => keyOf(size));
    return { key: keyOf(display), images, placeholder: squares.placeholder };
  }
}
