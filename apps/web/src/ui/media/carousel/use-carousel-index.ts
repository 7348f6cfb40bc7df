import { useState } from 'react';

/**
 * The shown item of a carousel of `count` items (spec section 4), `startAt` first: previous and next
 * wrap at both ends, and the index goes back to 0 when the list shrinks (an item was removed or
 * replaced).
 */
export function useCarouselIndex(count: number, startAt = 0) {
  const [state, setState] = useState(() => ({ index: wrapIndex(startAt, count), count }));
  // Adjusting state while rendering, as React advises, so a shrunk list never renders a stale index.
  if (state.count !== count) {
    setState({ index: count < state.count ? 0 : state.index, count });
  }
  const index = count < state.count ? 0 : state.index;
  const go = (next: number) => setState({ index: wrapIndex(next, count), count });
  return {
    index,
    previous: () => go(index - 1),
    next: () => go(index + 1),
    goTo: go,
  };
}

export function wrapIndex(index: number, count: number): number {
  return count === 0 ? 0 : ((index % count) + count) % count;
}

/** How far from a slide's edge a track still counts as resting on that slide (sub-pixel rounding). */
const SNAP_TOLERANCE_PX = 1;

/**
 * The slide a scroll-snapped track rests on, or null while it is between two (a swipe or a smooth
 * scroll in flight): the index follows only settled positions, so a scroll passing over a slide does
 * not flicker the dots.
 */
export function settledIndex(scrollLeft: number, slideWidth: number, count: number): number | null {
  if (slideWidth <= 0 || count === 0) {
    return null;
  }
  const nearest = Math.round(scrollLeft / slideWidth);
  if (Math.abs(scrollLeft - nearest * slideWidth) > SNAP_TOLERANCE_PX) {
    return null;
  }
  return Math.min(Math.max(nearest, 0), count - 1);
}
