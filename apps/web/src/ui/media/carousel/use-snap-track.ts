import { useLayoutEffect, useRef, type UIEvent } from 'react';
import { settledIndex } from './use-carousel-index';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A slide is exactly the track's width, fractions included (a rounded width drifts by the tenth slide). */
const slideWidth = (track: HTMLElement) => track.getBoundingClientRect().width;

/**
 * Keeps a scroll-snapped track of `count` slides and the carousel's `index` in step, both ways:
 * arrows, dots and keys change the index and the track scrolls to it (at once when first shown, or
 * when the user prefers reduced motion); a swipe scrolls the track and, once it rests, the index
 * follows.
 */
export function useSnapTrack(index: number, count: number, onSettle: (index: number) => void) {
  const track = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  // Where a smooth scroll of ours is heading: the slides it passes over on the way do not count.
  const heading = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = track.current;
    const width = element ? slideWidth(element) : 0;
    if (!element || width === 0) {
      return;
    }
    if (settledIndex(element.scrollLeft, width, count) !== index) {
      const smooth = shown.current && !prefersReducedMotion();
      heading.current = smooth ? index : null;
      element.scrollTo({ left: index * width, behavior: smooth ? 'smooth' : 'instant' });
    }
    shown.current = true;
  }, [index, count]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    const at = settledIndex(element.scrollLeft, slideWidth(element), count);
    if (at === null || (heading.current !== null && at !== heading.current)) {
      return;
    }
    heading.current = null;
    if (at !== index) {
      onSettle(at);
    }
  };
  // A swipe or a wheel takes over from a smooth scroll still on its way.
  const userScrolls = () => {
    heading.current = null;
  };

  return {
    ref: track,
    onScroll,
    onPointerDown: userScrolls,
    onTouchStart: userScrolls,
    onWheel: userScrolls,
  };
}
