import { useMemo, useState, type CSSProperties } from 'react';
import type { PostMediaItem } from '@datebook/contracts';
import { classNames } from '@/lib/class-names';
import { pictureSources, type PictureSources } from './picture-sources';
import { PlaceholderPhoto, StandInIcon } from './placeholder-photo';
import { thumbHashPreview } from './thumbhash-preview';
import './media-item.css';

interface MediaItemViewProps {
  item: PostMediaItem;
  /** Describes the photo or video for assistive technology, e.g. "Photo 2 of 3 of Picnic". */
  label: string;
  /** Inside a card a video shows its poster; the detail page and viewer play it. */
  playable?: boolean;
  /** How wide the photo is drawn (the `sizes` attribute), so the browser picks the smallest rendition that fits. */
  sizes?: string;
  /**
   * The page's largest paint (Home's first card, a post page's first photo): fetched first and at
   * once, not when it nears the viewport.
   */
  priority?: boolean;
}

/**
 * One photo or video of a post, in a box of its own shape from the first paint (its width and height
 * come with it), showing its ThumbHash until the image has decoded. Until the worker has processed
 * it (spec: media shows as processing until ready) it is a stand-in that says so; a failed one says
 * why, for its owner to replace it. A ready one whose file is gone (no URL, or the image fails to
 * load) is the placeholder photo, not a broken image.
 */
export function MediaItemView({
  item,
  label,
  playable = false,
  sizes = '100vw',
  priority = false,
}: MediaItemViewProps) {
  // The URL that failed, not a flag: a carousel reuses this view for its next item.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const thumb = useMemo(() => (item.thumbhash ? thumbHashPreview(item.thumbhash) : null), [item.thumbhash]);
  const preview = thumb ?? item.placeholder;
  const shape: CSSProperties | undefined =
    item.width && item.height ? { aspectRatio: `${item.width} / ${item.height}` } : undefined;

  if (item.status === 'failed') {
    return (
      <div className="media-item media-item--state" role="img" aria-label={`${label}: could not be used`}>
        <div className="media-item__stand-in">
          <StandInIcon />
          <span>{item.message ?? 'This photo or video could not be used.'}</span>
        </div>
      </div>
    );
  }
  if (item.status === 'ready' && (!item.url || item.url === brokenUrl)) {
    return <PlaceholderPhoto />;
  }
  if (item.status !== 'ready' || !item.url) {
    return (
      <div
        className={classNames('media-item', 'media-item--state', 'media-item--processing')}
        role="img"
        aria-label={`${label}: processing`}
        style={preview ? { backgroundImage: `url(${preview})` } : undefined}
      >
        <div className="media-item__stand-in" aria-hidden="true">
          <StandInIcon />
          <span>Processing…</span>
        </div>
      </div>
    );
  }
  if (item.type === 'video') {
    if (playable) {
      return (
        <video
          className="media-item"
          src={item.url}
          poster={item.posterUrl ?? undefined}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          controls
          aria-label={label}
          // The preview fills the frame until the poster (or the first frame) is drawn over it.
          style={{ ...shape, ...(preview ? { backgroundImage: `url(${preview})` } : undefined) }}
        />
      );
    }
    return item.posterUrl ? (
      <DecodingImage
        src={item.posterUrl}
        alt={label}
        preview={preview}
        shape={shape}
        priority={priority}
        onError={() => setBrokenUrl(item.url)}
      />
    ) : (
      <div className="media-item media-item--state" role="img" aria-label={label}>
        <span aria-hidden="true">Video</span>
      </div>
    );
  }
  return (
    <DecodingImage
      src={item.url}
      picture={item.sources.length > 0 ? { ...pictureSources(item.sources), sizes } : undefined}
      alt={label}
      preview={preview}
      shape={shape}
      size={item.width && item.height ? { width: item.width, height: item.height } : undefined}
      priority={priority}
      onError={() => setBrokenUrl(item.url)}
    />
  );
}

interface DecodingImageProps {
  src: string;
  /** The renditions to choose from, and how wide the image is drawn. */
  picture?: PictureSources & { sizes: string };
  alt: string;
  /** A data URL painted at once; null leaves the frame's tint. */
  preview: string | null;
  shape: CSSProperties | undefined;
  size?: { width: number; height: number };
  priority: boolean;
  onError: () => void;
}

/**
 * The frame reserves the box; the preview fills it at once; the image fades in only once decoded, so
 * it never paints half-drawn over the preview. A browser that takes WebP loads it from the
 * `<picture>`'s source; any other, and a photo with only JPEGs, loads the `<img>`'s own.
 */
function DecodingImage({ src, picture, alt, preview, shape, size, priority, onError }: DecodingImageProps) {
  // The source that has decoded, not a flag: the frame is reused when the item changes.
  const [decodedSrc, setDecodedSrc] = useState<string | null>(null);
  const reveal = (image: HTMLImageElement) => {
    // decode() resolves once the image can be painted whole; where it is missing, load is as good.
    const decoded = typeof image.decode === 'function' ? image.decode() : Promise.resolve();
    void decoded.catch(() => undefined).then(() => setDecodedSrc(src));
  };
  return (
    <div
      className={classNames('media-item', 'media-item--frame', decodedSrc === src && 'media-item--loaded')}
      style={shape}
    >
      {preview && <img className="media-item__preview" src={preview} alt="" aria-hidden="true" />}
      <picture className="media-item__picture">
        {picture?.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={picture.sizes} />
        ))}
        <img
          // A cached image may be complete before React could listen for its load.
          ref={(image) => {
            if (image?.complete && image.naturalWidth > 0 && decodedSrc !== src) {
              reveal(image);
            }
          }}
          className="media-item__image"
          src={src}
          srcSet={picture?.srcSet}
          sizes={picture?.srcSet ? picture.sizes : undefined}
          width={size?.width}
          height={size?.height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onLoad={(event) => reveal(event.currentTarget)}
          onError={onError}
        />
      </picture>
    </div>
  );
}
