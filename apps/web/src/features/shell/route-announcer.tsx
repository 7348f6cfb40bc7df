import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { focusNewScreen } from './route-focus';

/**
 * On every new screen (a change of path; not the first load, which the browser announces itself,
 * and not a change of query, which stays on the same screen): focus to its h1 and its title read out
 * by a polite live region, so a screen-reader user hears where they arrived and Tab continues from
 * the top of the new content. Rendered after the content, so a screen's own focus (a dialog, a
 * step's heading) is already in place when this looks.
 */
export function RouteAnnouncer({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  const [announcement, setAnnouncement] = useState({ count: 0, title: '' });

  useEffect(() => {
    if (previousPathname.current === pathname || !main.current) {
      return;
    }
    previousPathname.current = pathname;
    return focusNewScreen(main.current, (title) =>
      setAnnouncement((current) => ({ count: current.count + 1, title })),
    );
  }, [pathname, main]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {/* A new node each time, so the same title on two screens in a row is read again. */}
      {announcement.title && <p key={announcement.count}>{announcement.title}</p>}
    </div>
  );
}
