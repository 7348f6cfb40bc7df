import { useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { ScreenChangedContext } from './toast-context';

/**
 * Placed inside the router: on every change of screen (path), toasts about the screen left behind
 * go. A change of query only (a search, a tab) stays on the same screen and keeps them.
 */
export function ClearToastsOnNavigate() {
  const screenChanged = useContext(ScreenChangedContext);
  const { pathname } = useLocation();
  const { state } = useNavigation();
  const startedAt = useRef<number | null>(null);
  const previousPathname = useRef(pathname);

  // A lazily loaded screen is fetched first: the navigation began when loading did, not when the
  // new path shows.
  useEffect(() => {
    if (state !== 'idle') {
      startedAt.current ??= performance.now();
    }
  }, [state]);

  useEffect(() => {
    if (previousPathname.current === pathname) {
      return;
    }
    previousPathname.current = pathname;
    screenChanged?.(startedAt.current ?? performance.now());
    startedAt.current = null;
  }, [pathname, screenChanged]);

  return null;
}
