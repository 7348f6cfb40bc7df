import { lazyPage } from '@/lib/lazy-page';

/** The search screen, loaded on first visit. */
export const searchPages = {
  search: lazyPage(() => import('./search-page'), 'SearchPage'),
};
