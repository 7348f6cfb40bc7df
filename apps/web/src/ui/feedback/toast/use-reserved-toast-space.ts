import { useEffect, type RefObject } from 'react';

/** The CSS variable that pages and dialogs make room with while toasts show. */
export const TOAST_SPACE_VARIABLE = '--toast-space';

/**
 * Publishes the height the toasts take (with a gap) on the root element, so the page and an open
 * dialog leave that much room and a toast never sits on a control or a title; 0 when none shows.
 */
export function useReservedToastSpace(region: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') {
      return;
    }
    const root = document.documentElement;
    const publish = () => {
      const height = element.getBoundingClientRect().height;
      if (height > 0) {
        root.style.setProperty(TOAST_SPACE_VARIABLE, `calc(${height}px + var(--space-3))`);
      } else {
        root.style.removeProperty(TOAST_SPACE_VARIABLE);
      }
    };
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_SPACE_VARIABLE);
    };
  }, [region]);
}
