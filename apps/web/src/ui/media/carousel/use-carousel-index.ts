import { useState } from 'react';

/**
 * The shown item of a carousel of `count` items (spec section 4), `startAt` first: previous and next
 * wrap at both ends, and the index goes back to 0 when the list shrinks (an item was removed or
 * replaced).
 */
export function useCarouselIndex(count: number, startAt = 0) {
  const [state, setState] = useState(() => ({ index: wrap(startAt, count), count }));
  // Adjusting state while rendering, as React advises, so a shrunk list never renders a stale index.
  if (state.count !== count) {
    setState({ index: count < state.count ? 0 : state.index, count });
  }
  const index = count < state.count ? 0 : state.index;
  const go = (next: number) => setState({ index: wrap(next, count), count });
  return {
    index,
    previous: () => go(index - 1),
    next: () => go(index + 1),
    goTo: go,
  };
}

function wrap(index: number, count: number): number {
  return count === 0 ? 0 : ((index % count) + count) % count;
}
