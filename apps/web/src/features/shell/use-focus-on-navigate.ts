import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After moving to another screen, focus goes to its heading (else to its content), so screen readers
 * announce the new screen by name and Tab continues from there instead of from a link that is gone.
 */
export function useFocusOnNavigate(target: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current !== pathname) {
      previousPathname.current = pathname;
      const heading = target.current?.querySelector<HTMLElement>('h1[tabindex="-1"]');
      (heading ?? target.current)?.focus({ preventScroll: true });
    }
  }, [pathname, target]);
}
