import { useState } from 'react';
import type { PostMediaItem } from '@datebook/contracts';
import { classNames } from '@/lib/class-names';
import { PlaceholderPhoto } from './placeholder-photo';

interface MediaItemViewProps {
  item: PostMediaItem;
  /** Describes the photo or video for assistive technology, e.g. "Photo 2 of 3 of Picnic". */
  label: string;
  /** Inside a card a video shows its poster; the detail page and viewer play it. */
  playable?: boolean;
  /** How wide the photo is drawn (the `sizes` attribute), so the browser picks the smallest rendition that fits. */
  sizes?: string;
}

/**
 * One photo or video of a post. Until the worker has processed it (spec: media shows as processing
 * until ready) it is a placeholder that says so; a failed one says why, for its owner to replace it.
 * A ready one whose file is gone (no URL, or the image fails to load) is the placeholder photo, not
 * a broken image.
 */
export function MediaItemView({ item, label, playable = false, sizes = '100vw' }: MediaItemViewProps) {
  // The URL that failed, not a flag: a carousel reuses this view for its next item.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (item.status === 'failed') {
    return (
      <div className="media-item media-item--state" role="img" aria-label={`${label}: could not be used`}>
        <span>{item.message ?? 'This photo or video could not be used.'}</span>
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
        style={item.placeholder ? { backgroundImage: `url(${item.placeholder})` } : undefined}
      >
        <span aria-hidden="true">Processing…</span>
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
          controls
          aria-label={label}
        />
      );
    }
    return item.posterUrl ? (
      <img
        className="media-item"
        src={item.posterUrl}
        alt={label}
        loading="lazy"
        onError={() => setBrokenUrl(item.url)}
      />
    ) : (
      <div className="media-item media-item--state" role="img" aria-label={label}>
        <span aria-hidden="true">Video</span>
      </div>
    );
  }
  return (
    <img
      className="media-item"
      src={item.url}
      srcSet={
        item.sources.length > 0
          ? item.sources.map((source) => `${source.url} ${source.width}w`).join(', ')
          : undefined
      }
      sizes={item.sources.length > 0 ? sizes : undefined}
      alt={label}
      loading="lazy"
      decoding="async"
      onError={() => setBrokenUrl(item.url)}
      // The blurred placeholder fills the frame until the photo has loaded over it.
      style={item.placeholder ? { backgroundImage: `url(${item.placeholder})` } : undefined}
    />
  );
}
