import { Injectable } from '@nestjs/common';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, mediaMessages } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { UnusableMediaError } from './unusable-media';

/** How large an upload of one type may be, and what its owner is told when it is larger. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: string;
}

export const IMAGE_LIMIT: UploadLimit = { maxBytes: MAX_IMAGE_BYTES, tooLarge: mediaMessages.imageTooLarge };
export const VIDEO_LIMIT: UploadLimit = { maxBytes: MAX_VIDEO_BYTES, tooLarge: mediaMessages.videoTooLarge };

/**
 * Reads an uploaded original for processing. The upload URL stays valid after the api accepted the
 * upload, so the object may be gone or have grown since; a missing or oversized one is unusable.
 */
@Injectable()
export class MediaIntake {
  constructor(private readonly storage: ObjectStorage) {}

  async read(key: string, limit: UploadLimit): Promise<Buffer> {
    const stored = await this.storage.head(key);
    if (!stored) {
      throw new UnusableMediaError(mediaMessages.uploadMissing);
    }
    checkSize(stored.size, limit);
    // It may change between these two requests as well; what counts is what was read, and no more
    // than one byte past the limit is.
    const bytes = await this.storage.get(key, limit.maxBytes);
    checkSize(bytes.length, limit);
    return bytes;
  }
}

function checkSize(size: number, limit: UploadLimit): void {
  if (size > limit.maxBytes) {
    throw new UnusableMediaError(limit.tooLarge, { size });
  }
}
