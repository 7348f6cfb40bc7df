import { useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { OfflineBanner, UpdatePrompt } from '@/features/pwa';
import { ClearToastsOnNavigate } from '@/ui/feedback/toast/clear-toasts-on-navigate';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { RouteAnnouncer } from './route-announcer';
import { RouteProgress } from './route-progress';
import { SkipLink } from './skip-link';
import './shell.css';

/** The frame around every screen: header with the desktop top bar, content, mobile bottom bar. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  return (
    <div className="app">
      <SkipLink target={mainRef} />
      <AppHeader />
      <OfflineBanner />
      <RouteProgress />
      <main id="main" ref={mainRef} tabIndex={-1} className="app__main">
        <Outlet />
      </main>
      <BottomNav />
      <RouteAnnouncer main={mainRef} />
      <ClearToastsOnNavigate />
      <UpdatePrompt />
    </div>
  );
}
