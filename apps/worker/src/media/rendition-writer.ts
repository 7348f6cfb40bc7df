import { Injectable } from '@nestjs/common';
import type { MediaVariants } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import type { JpegRendition } from './processing/image-processor';

/** A stored rendition, as a `variants` column lists it. */
export type StoredImage = MediaVariants['images'][number];

/**
 * Writes what processing made to the bucket. Keys are deterministic (the callers derive them from
 * the original's random token), so a retried job overwrites what an interrupted one wrote instead of
 * duplicating it.
 */
@Injectable()
export class RenditionWriter {
  constructor(private readonly storage: ObjectStorage) {}

  jpegs(renditions: JpegRendition[], keyOf: (size: number) => string): Promise<StoredImage[]> {
    return Promise.all(
      renditions.map(async ({ size, width, height, data }) => {
        const key = keyOf(size);
        await this.storage.put(key, data, 'image/jpeg');
        return { size, key, width, height };
      }),
    );
  }

  async object(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.storage.put(key, data, contentType);
  }
}
