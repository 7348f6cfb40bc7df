import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After moving to another screen, focus goes to its content, so screen readers start reading the
 * new screen and Tab continues from there instead of from a link that is gone.
 */
export function useFocusOnNavigate(target: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current !== pathname) {
      previousPathname.current = pathname;
      target.current?.focus({ preventScroll: true });
    }
  }, [pathname, target]);
}
