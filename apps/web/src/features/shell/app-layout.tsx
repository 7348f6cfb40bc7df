import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { RouteProgress } from './route-progress';
import { SkipLink } from './skip-link';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import './shell.css';

/** The frame around every screen: header with the desktop top bar, content, mobile bottom bar. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  return (
    <div className="app">
      <SkipLink target={mainRef} />
      <AppHeader />
      <RouteProgress />
      <main id="main" ref={mainRef} tabIndex={-1} className="app__main">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
