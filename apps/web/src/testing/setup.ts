import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentSession } from '@/features/session/current-session';

// jsdom has no layout, so no scrolling; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

// Tests do not share globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  currentSession.forget();
});
