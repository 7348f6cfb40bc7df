import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { RenditionType } from '@datebook/contracts';

/** Why an upload cannot be used: expected outcomes of public uploads, not faults to retry. */
export type ImageRejection = 'unreadable' | 'too-many-pixels';

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'unreadable' ? 'The input is not a readable image' : 'The image has too many pixels',
      options,
    );
    this.name = 'ImageRejectedError';
  }
}

export interface ImageRendition {
  /** The edge that was asked for; `width`/`height` are smaller when the source was. */
  size: number;
  width: number;
  height: number;
  type: RenditionType;
  data: Buffer;
}

export interface SquareJpegs {
  renditions: ImageRendition[];
  /** A 16 px JPEG as a data URL. */
  placeholder: string;
}

export interface ResponsiveImages {
  /**
   * One per asked width and type, widths in the asked order within each type; never wider than the
   * (oriented) source.
   */
  renditions: ImageRendition[];
  /** A 16 px wide JPEG as a data URL. */
  placeholder: string;
  /** The ThumbHash of the oriented image, base64. */
  thumbhash: string;
}

// SVG, TIFF, HEIF and the rest are decodable but outside what uploads promise, and SVG runs a parser
// far more complex than a photo needs.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const WHITE = { r: 255, g: 255, b: 255 };
const PLACEHOLDER_EDGE = 16;
// ThumbHash takes at most 100×100 pixels; more would not change its few coefficients anyway.
const THUMBHASH_EDGE = 100;
const JPEG = { quality: 82, mozjpeg: true } as const;
// Measured at 1080 px on this machine: effort 2 encodes a little faster than the mozjpeg JPEG for
// 45 % of its bytes (sharp's default effort 4: 1.6× the time for 5 % fewer bytes, which the media
// budget cannot spare). AVIF took 7 s a photo at its default effort, and at effort 2 (~0.5 s) was
// no smaller than this WebP.
const WEBP = { quality: 75, effort: 2 } as const;
const ENCODERS: Record<RenditionType, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg(JPEG),
  'image/webp': (image) => image.webp(WEBP),
};

/** A fresh pipeline over pixels decoded once, so every rendition starts from the same master. */
function fromRaw(master: { data: Buffer; info: sharp.OutputInfo }): Sharp {
  const { width, height, channels } = master.info;
  return sharp(master.data, { raw: { width, height, channels } });
}

/** Encodes the image, shrunk to fit 100×100 (aspect kept), as a base64 ThumbHash. */
async function thumbHashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(THUMBHASH_EDGE, THUMBHASH_EDGE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/**
 * The one image adapter. Inputs are untrusted public uploads: decoding fails on corrupt or truncated
 * data (`failOn: 'error'`) and refuses more pixels than configured, so a small file cannot expand into
 * gigabytes. Outputs are oriented, flattened onto white and carry no metadata (sharp writes none unless
 * asked), so no EXIF location leaves through a rendition.
 */
export class ImageProcessor {
  constructor(private readonly options: { maxInputPixels: number }) {
    // Every upload is a different image: libvips' operation cache would only hold memory.
    sharp.cache(false);
  }

  /**
   * Center-cropped square JPEGs at each of `sizes` (never enlarged: a small source yields smaller
   * squares) plus a placeholder. The source is decoded once, into the largest square.
   */
  async squareJpegs(input: Buffer, sizes: readonly number[]): Promise<SquareJpegs> {
    const { width, height } = await this.inspect(input);
    const edge = Math.min(width, height, Math.max(PLACEHOLDER_EDGE, ...sizes));
    const master = await this.decode(input, (image) =>
      image
        .resize(edge, edge, { fit: 'cover', position: 'centre' })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );

    const renditions = await Promise.all(
      sizes.map(async (size) => {
        const target = Math.min(size, edge);
        const { data, info } = await fromRaw(master)
          .resize(target, target)
          .jpeg(JPEG)
          .toBuffer({ resolveWithObject: true });
        return { size, width: info.width, height: info.height, type: 'image/jpeg' as const, data };
      }),
    );
    const tiny = await fromRaw(master)
      .resize(PLACEHOLDER_EDGE, PLACEHOLDER_EDGE)
      .jpeg({ quality: 50 })
      .toBuffer();
    return { renditions, placeholder: `data:image/jpeg;base64,${tiny.toString('base64')}` };
  }

  /**
   * Images that keep the source's aspect ratio, one per width and type (never enlarged), plus a
   * placeholder: the full viewer shows the photo as taken, the cards crop it. Decoded once, at the
   * largest width.
   */
  async responsiveImages(
    input: Buffer,
    widths: readonly number[],
    types: readonly RenditionType[],
  ): Promise<ResponsiveImages> {
    await this.inspect(input);
    const master = await this.decode(input, (image) =>
      image
        .resize({ width: Math.max(PLACEHOLDER_EDGE, ...widths), withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const renditions = await Promise.all(
      types.flatMap((type) =>
        widths.map(async (size) => {
          const { data, info } = await ENCODERS[type](
            fromRaw(master).resize({ width: Math.min(size, master.info.width) }),
          ).toBuffer({ resolveWithObject: true });
          return { size, width: info.width, height: info.height, type, data };
        }),
      ),
    );
    const [tiny, thumbhash] = await Promise.all([
      fromRaw(master).resize({ width: PLACEHOLDER_EDGE }).jpeg({ quality: 50 }).toBuffer(),
      thumbHashOf(fromRaw(master)),
    ]);
    return { renditions, placeholder: `data:image/jpeg;base64,${tiny.toString('base64')}`, thumbhash };
  }

  /** The ThumbHash of an image already stored (a rendition or poster the worker wrote), base64. */
  async thumbHash(input: Buffer): Promise<string> {
    await this.inspect(input);
    return this.decode(input, thumbHashOf);
  }

  /** Reads only the header: the format must be one we accept and the pixel count within the limit. */
  private async inspect(input: Buffer): Promise<{ width: number; height: number }> {
    let metadata: sharp.Metadata;
    try {
      metadata = await sharp(input, { failOn: 'error' }).metadata();
    } catch (error) {
      throw new ImageRejectedError('unreadable', { cause: error });
    }
    if (!ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
      throw new ImageRejectedError('unreadable');
    }
    if (metadata.width * metadata.height > this.options.maxInputPixels) {
      throw new ImageRejectedError('too-many-pixels');
    }
    return { width: metadata.width, height: metadata.height };
  }

  /**
   * Runs `output` on the oriented, white-flattened source. A failure here is the input's fault
   * (corrupt or truncated pixel data), so it becomes a rejection.
   */
  private async decode<T>(input: Buffer, output: (image: Sharp) => Promise<T>): Promise<T> {
    const image = sharp(input, {
      failOn: 'error',
      limitInputPixels: this.options.maxInputPixels,
      animated: false,
    })
      .rotate()
      .flatten({ background: WHITE });
    try {
      return await output(image);
    } catch (error) {
      throw new ImageRejectedError(
        /exceeds pixel limit/i.test((error as Error).message) ? 'too-many-pixels' : 'unreadable',
        { cause: error },
      );
    }
  }
}
