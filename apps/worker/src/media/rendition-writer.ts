import { Injectable } from '@nestjs/common';
import type { MediaVariants } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import type { ImageRendition } from './processing/image-processor';

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

  /** Stores each rendition under `keyOf(rendition)`, with its content type. */
  images(renditions: ImageRendition[], keyOf: (rendition: ImageRendition) => string): Promise<StoredImage[]> {
    return Promise.all(
      renditions.map(async (rendition) => {
        const { size, width, height, type, data } = rendition;
        const key = keyOf(rendition);
        await this.storage.put(key, data, type);
        return { size, key, width, height, type };
      }),
    );
  }

  async object(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.storage.put(key, data, contentType);
  }
}
