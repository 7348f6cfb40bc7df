import { lazyPage } from '@/lib/lazy-page';

/** The saved screens, each loaded on first visit. */
export const savedPages = {
  saved: lazyPage(() => import('./saved-page'), 'SavedPage'),
  savedPosts: lazyPage(() => import('./saved-posts-page'), 'SavedPostsPage'),
  sharedPosts: lazyPage(() => import('./shared-posts-page'), 'SharedPostsPage'),
  plannedDates: lazyPage(() => import('./planned-dates-page'), 'PlannedDatesPage'),
};
