import { Injectable } from '@nestjs/common';
import {
  mediaMessages,
  POST_IMAGE_MAIN_WIDTH,
  POST_IMAGE_TYPES,
  POST_IMAGE_WIDTHS,
  postMessages,
  type RenditionType,
} from '@datebook/contracts';
import type { ProcessedPostMedia } from '@datebook/db';
import type { PostMediaJob } from './post-media-job';
import { ImageProcessor } from './processing/image-processor';
import { VideoProcessor } from './processing/video-processor';
import { RenditionWriter } from './rendition-writer';
import { unlessImageRejected, unlessVideoRejected } from './unusable-media';

const POSTER_WIDTH = 640;
const EXTENSIONS: Record<RenditionType, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** What processing made of a post's photo or video, and where it wrote it. */
export interface RenderedPostMedia extends ProcessedPostMedia {
  /** Everything this run wrote, removed again if the post is deleted meanwhile. */
  writtenKeys: string[];
}

/**
 * Makes the renditions of a post's photo or video and stores them. A photo becomes a WebP and a JPEG
 * at each of `POST_IMAGE_WIDTHS`, keeping its aspect ratio (the client's square crop is not trusted:
 * the full viewer shows the whole photo, the cards crop), plus a placeholder and a ThumbHash. A video
 * is copied without its metadata (location, device) and gains its duration, size, a poster frame and
 * the frame's ThumbHash; what plays is the copy, made from the bytes checked. An unusable file throws
 * `UnusableMediaError`.
 */
@Injectable()
export class PostMediaRenditions {
  constructor(
    private readonly images: ImageProcessor,
    private readonly videos: VideoProcessor,
    private readonly writer: RenditionWriter,
  ) {}

  async photo(job: PostMediaJob, bytes: Buffer): Promise<RenderedPostMedia> {
    const made = await unlessImageRejected(
      this.images.responsiveImages(bytes, POST_IMAGE_WIDTHS, POST_IMAGE_TYPES),
      mediaMessages.notAnImage,
    );
    const images = await this.writer.images(made.renditions, ({ size, type }) =>
      job.key(String(size), EXTENSIONS[type]),
    );
    // The largest JPEG is what every browser can show: the `<img>`'s own source and the viewer's.
    const main = images.find((image) => image.size === POST_IMAGE_MAIN_WIDTH && image.type === 'image/jpeg')!;
    return {
      variants: { key: main.key, images, placeholder: made.placeholder, poster: null },
      width: main.width,
      height: main.height,
      durationMs: null,
      thumbhash: made.thumbhash,
      // The photo has no copy of its own: the row keeps the original's key, deleted once ready.
      storageKey: job.row.storage_key,
      writtenKeys: images.map((image) => image.key),
    };
  }

  async video(job: PostMediaJob, bytes: Buffer): Promise<RenderedPostMedia> {
    const clip = await unlessVideoRejected(this.videos.process(bytes), postMessages.videoUnreadable);
    const poster = await unlessImageRejected(
      this.images.responsiveImages(clip.poster, [POSTER_WIDTH], ['image/jpeg']),
      postMessages.videoUnreadable,
    );
    const frame = poster.renditions[0]!;
    const posterKey = job.key('poster');
    const videoKey = job.key('video', clip.video.container);
    await Promise.all([
      this.writer.object(posterKey, frame.data, 'image/jpeg'),
      this.writer.object(videoKey, clip.video.data, clip.video.contentType),
    ]);
    return {
      variants: {
        key: videoKey,
        images: [],
        placeholder: poster.placeholder,
        poster: { key: posterKey, width: frame.width, height: frame.height },
      },
      width: clip.width,
      height: clip.height,
      durationMs: clip.durationMs,
      thumbhash: poster.thumbhash,
      storageKey: videoKey,
      writtenKeys: [posterKey, videoKey],
    };
  }
}
