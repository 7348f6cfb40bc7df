import { lazyPage } from '@/lib/lazy-page';

/** The home feed, loaded on first visit. */
export const feedPages = {
  home: lazyPage(() => import('./home-page'), 'HomePage'),
};
