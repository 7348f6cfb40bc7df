import { lazyPage } from '@/lib/lazy-page';

/** The post pages, each loaded on first visit. */
export const postPages = {
  activity: lazyPage(() => import('./activity-page'), 'ActivityPage'),
  date: lazyPage(() => import('./date-page'), 'DatePage'),
};
