import type { KeyboardEvent } from 'react';
import type { PostMediaItem } from '@datebook/contracts';
import { classNames } from '@/lib/class-names';
import { IconButton } from '@/ui/actions/icon-button';
import { MediaItemView } from './media-item-view';
import { PlaceholderPhoto } from './placeholder-photo';
import { useCarouselIndex } from './use-carousel-index';
import './carousel.css';

interface CarouselProps {
  items: readonly PostMediaItem[];
  /** The post's title, to name each slide. */
  title: string;
  /** Square for full cards and pages, 16:9 for long cards, 9:16 for slim tiles. */
  shape: 'square' | 'wide' | 'tall';
  playable?: boolean;
  /** Opens the full-size viewer at the shown item; without it the media is not clickable. */
  onOpen?: (index: number) => void;
  /** The item shown first, as the full-size viewer opens at the one clicked. */
  startAt?: number;
  /** How wide the slides are drawn, for the photos' `sizes`. */
  sizes?: string;
}

/**
 * A post's photos and videos, one at a time (spec section 4): previous/next and dots, wrapping at
 * both ends; the controls appear only with more than one item. The arrow keys move too while
 * focus is inside.
 */
export function Carousel({
  items,
  title,
  shape,
  playable = false,
  onOpen,
  startAt = 0,
  sizes,
}: CarouselProps) {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  const { index, previous, next, goTo } = useCarouselIndex(sorted.length, startAt);
  const current = sorted[index];
  const label = (at: number) => `${title}, ${at + 1} of ${sorted.length}`;
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = { ArrowLeft: previous, ArrowRight: next }[event.key];
    // A playing video keeps its own arrow keys (seeking).
    if (move && sorted.length > 1 && !(event.target instanceof HTMLVideoElement)) {
      event.preventDefault();
      move();
    }
  };

  return (
    <div
      className={classNames('carousel', `carousel--${shape}`)}
      role="group"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      onKeyDown={handleKeyDown}
    >
      <div className="carousel__slide" aria-live="polite">
        {!current ? (
          <PlaceholderPhoto />
        ) : onOpen ? (
          <button type="button" className="carousel__open" onClick={() => onOpen(index)}>
            <span className="visually-hidden">View full size</span>
            <MediaItemView item={current} label={label(index)} sizes={sizes} />
          </button>
        ) : (
          <MediaItemView item={current} label={label(index)} playable={playable} sizes={sizes} />
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
