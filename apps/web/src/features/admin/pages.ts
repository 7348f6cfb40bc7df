import { lazyPage } from '@/lib/lazy-page';

/** The admins' screens, loaded on first visit. */
export const adminPages = {
  postTests: lazyPage(() => import('./post-tests-page'), 'PostTestsPage'),
};
