import type { PostMediaItem } from '@datebook/contracts';
import { classNames } from '@/lib/class-names';

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
 */
export function MediaItemView({ item, label, playable = false, sizes = '100vw' }: MediaItemViewProps) {
  if (item.status === 'failed') {
    return (
      <div className="media-item media-item--state" role="img" aria-label={`${label}: could not be used`}>
        <span>{item.message ?? 'This photo or video could not be used.'}</span>
      </div>
    );
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
      <img className="media-item" src={item.posterUrl} alt={label} loading="lazy" />
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
      // The blurred placeholder fills the frame until the photo has loaded over it.
      style={item.placeholder ? { backgroundImage: `url(${item.placeholder})` } : undefined}
    />
  );
}
