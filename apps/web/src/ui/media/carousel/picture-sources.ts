import { POST_IMAGE_TYPES, type PostMediaItem } from '@datebook/contracts';

export interface PictureSources {
  /** One `<source>` per modern type the photo has, in the order browsers should prefer them. */
  sources: Array<{ type: string; srcSet: string }>;
  /** The `<img>`'s own `srcset`: the JPEGs, which every browser shows. */
  srcSet: string | undefined;
}

/**
 * Narrowest first, one per width: a source narrower than a rendition's width yields the same image
 * twice (never enlarged), and a `srcset` with two equal widths is invalid.
 */
const srcSetOf = (sources: PostMediaItem['sources']) =>
  [...sources]
    .sort((a, b) => a.width - b.width)
    .filter((source, at, sorted) => at === 0 || sorted[at - 1]!.width !== source.width)
    .map((source) => `${source.url} ${source.width}w`)
    .join(', ');

/**
 * A photo's renditions as a `<picture>` takes them: a `<source>` per modern type (WebP) and the JPEGs
 * on the `<img>`. A photo processed before the WebPs existed has only JPEGs, so it gets no `<source>`
 * and shows exactly as before; one with no renditions listed keeps the `<img>`'s `src` alone.
 */
export function pictureSources(sources: PostMediaItem['sources']): PictureSources {
  const ofType = (type: string) => sources.filter((source) => source.type === type);
  const jpegs = ofType('image/jpeg');
  return {
    sources: POST_IMAGE_TYPES.filter((type) => type !== 'image/jpeg')
      .map((type) => ({ type, srcSet: srcSetOf(ofType(type)) }))
      .filter((source) => source.srcSet !== ''),
    srcSet: jpegs.length > 0 ? srcSetOf(jpegs) : undefined,
  };
}
