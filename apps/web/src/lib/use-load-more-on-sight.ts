import { useEffect, useRef } from 'react';

/**
 * Calls `loadMore` when the returned element scrolls into view (infinite scroll). Where there is no
 * IntersectionObserver nothing happens, and the 'Load more' button beside it does the work.
 */
export function useLoadMoreOnSight(loadMore: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') {
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          latest.current();
        }
      },
      // Start on the next page a screen before the end is reached.
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
