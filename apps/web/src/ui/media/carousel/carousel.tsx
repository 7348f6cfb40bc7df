import { useEffect, useState, type KeyboardEvent } from 'react';
import type { PostMediaItem } from '@datebook/contracts';
import { classNames } from '@/lib/class-names';
import { IconButton } from '@/ui/actions/icon-button';
import { MediaItemView } from './media-item-view';
import { PlaceholderPhoto } from './placeholder-photo';
import { ZoomFrame } from '@/ui/media/zoom/zoom-frame';
import { useCarouselIndex } from './use-carousel-index';
import { useSnapTrack } from './use-snap-track';
import './carousel.css';

interface CarouselProps {
  items: readonly PostMediaItem[];
  /** The post's title, to name each slide. */
  title: string;
  /**
   * Square for full cards and pages, 16:9 for long cards, 9:16 for slim tiles; `fill` takes the
   * height its container gives it (the full-size viewer), each photo fitted inside.
   */
  shape: 'square' | 'wide' | 'tall' | 'fill';
  playable?: boolean;
  /** Photos zoom on a double tap or a pinch (the full-size viewer). */
  zoomable?: boolean;
  /** Opens the full-size viewer at the shown item; without it the media is not clickable. */
  onOpen?: (index: number) => void;
  /**
   * A click (or tap) on the photo, for a card whose photo opens its post: pointer only, the card's
   * title is the same link for the keyboard.
   */
  onPhotoClick?: () => void;
  /** The item shown first, as the full-size viewer opens at the one clicked. */
  startAt?: number;
  /** How wide the slides are drawn, for the photos' `sizes`. */
  sizes?: string;
  /** The page's largest paint: the first slide shown is fetched at once and first. */
  priority?: boolean;
}

/**
 * A post's photos and videos, one at a time (spec section 4): previous/next and dots, wrapping at
 * both ends; the controls appear only with more than one item. The arrow keys move too while
 * focus is inside.
 *
 * The slides sit side by side on a horizontally scrolling track that snaps to each (issue 24): a
 * slide is the box itself at every width, a finger or a trackpad swipes natively, and the index
 * follows the track wherever it comes to rest. Slides out of view are inert, so only the shown one
 * is announced, focused or clicked.
 */
export function Carousel({
  items,
  title,
  shape,
  playable = false,
  zoomable = false,
  onOpen,
  onPhotoClick,
  startAt = 0,
  sizes,
  priority = false,
}: CarouselProps) {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  const { index, previous, next, goTo } = useCarouselIndex(sorted.length, startAt);
  const { ref: track, ...trackHandlers } = useSnapTrack(index, sorted.length, goTo);
  const [zoomed, setZoomed] = useState(false);
  const label = (at: number) => `${title}, ${at + 1} of ${sorted.length}`;

  // A video swiped away stops playing.
  useEffect(() => {
    Array.from(track.current?.children ?? []).forEach((slide, at) => {
      if (at !== index) {
        slide.querySelector('video')?.pause();
      }
    });
  }, [index, track]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = { ArrowLeft: previous, ArrowRight: next }[event.key];
    // A playing video keeps its own arrow keys (seeking).
    if (move && sorted.length > 1 && !(event.target instanceof HTMLVideoElement)) {
      event.preventDefault();
      move();
    }
  };

  const slide = (item: PostMediaItem, at: number) => {
    if (onOpen) {
      return (
        <button type="button" className="carousel__open" onClick={() => onOpen(at)}>
          <span className="visually-hidden">View full size</span>
          <MediaItemView item={item} label={label(at)} sizes={sizes} priority={priority && at === startAt} />
        </button>
      );
    }
    const view = (
      <MediaItemView
        item={item}
        label={label(at)}
        playable={playable}
        sizes={sizes}
        priority={priority && at === startAt}
      />
    );
    if (zoomable && item.type === 'photo' && item.status === 'ready' && item.width && item.height) {
      return (
        <ZoomFrame ratio={item.width / item.height} active={at === index} onZoomedChange={setZoomed}>
          {view}
        </ZoomFrame>
      );
    }
    return view;
  };

  return (
    <div
      className={classNames('carousel', `carousel--${shape}`, zoomed && 'carousel--zoomed')}
      role="group"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      onKeyDown={handleKeyDown}
    >
      <div
        ref={track}
        className={classNames('carousel__track', onPhotoClick && 'carousel__track--opens')}
        aria-live="polite"
        onClick={onPhotoClick}
        {...trackHandlers}
      >
        {sorted.length === 0 ? (
          <div className="carousel__slide">
            <PlaceholderPhoto />
          </div>
        ) : (
          sorted.map((item, at) => (
            <div
              key={item.id}
              className="carousel__slide"
              inert={at !== index}
              aria-hidden={at !== index || undefined}
            >
              {slide(item, at)}
            </div>
          ))
        )}
      </div>
      {sorted.length > 1 && (
        <>
          <IconButton
            className="carousel__arrow carousel__arrow--previous"
            label="Previous photo"
            icon={<span aria-hidden="true">‹</span>}
            onClick={previous}
          />
          <IconButton
            className="carousel__arrow carousel__arrow--next"
            label="Next photo"
            icon={<span aria-hidden="true">›</span>}
            onClick={next}
          />
          <div className="carousel__dots">
            {sorted.map((item, at) => (
              <button
                key={item.id}
                type="button"
                className="carousel__dot"
                aria-label={`Show ${at + 1} of ${sorted.length}`}
                aria-current={at === index || undefined}
                onClick={() => goTo(at)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
