import { Injectable } from '@nestjs/common';
import { mediaMessages, type MediaKind, type MediaVariants } from '@datebook/contracts';
import type { UploadRow } from '@datebook/db';
import { renditionKey, renditionStem } from '@datebook/server';
import { IMAGE_LIMIT, MediaIntake } from './media-intake';
import type { MediaSubject } from './media-subject';
import { ImageProcessor } from './processing/image-processor';
import { RenditionWriter } from './rendition-writer';
import { unlessImageRejected } from './unusable-media';

/** The square images an upload becomes: every size it is drawn at, and the one shown by default. */
export interface SquareSizes {
  sizes: readonly number[];
  display: number;
}

/**
 * Avatars and collection covers: an uploaded image read within its limit, cropped to squares at each
 * size beside its original (a retried job overwrites its own files), plus a placeholder. A file that
 * is not a usable image throws `UnusableMediaError` with the owner's message.
 */
@Injectable()
export class SquareImageRenditions {
  constructor(
    private readonly intake: MediaIntake,
    private readonly images: ImageProcessor,
    private readonly renditions: RenditionWriter,
  ) {}

  async render(upload: UploadRow, kind: MediaKind, { sizes, display }: SquareSizes): Promise<MediaVariants> {
    const bytes = await this.intake.read(upload.storage_key, IMAGE_LIMIT);
    const squares = await unlessImageRejected(
      this.images.squareJpegs(bytes, sizes),
      mediaMessages.notAnImage,
    );
    const stem = renditionStem(upload.user_id, kind, upload.storage_key);
    const keyOf = (size: number) => renditionKey(stem, size);
    const images = await this.renditions.jpegs(squares.renditions, keyOf);
    return { key: keyOf(display), images, placeholder: squares.placeholder };
  }
}

/** Whose upload a square-image job handles, as the outcome and the owner's tabs name it. */
export function uploadSubject(upload: UploadRow, kind: MediaKind): MediaSubject {
  return { userId: upload.user_id, uploadId: upload.id, kind, originalKey: upload.storage_key };
}
