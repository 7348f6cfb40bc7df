import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentSession } from '@/features/session';

// The default one second for `findBy…` is too tight on a busy two-core CI machine; a wait that never
// succeeds still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout, so no scrolling; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

// Tests do not share globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  currentSession.forget();
});
