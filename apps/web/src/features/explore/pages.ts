import { lazyPage } from '@/lib/lazy-page';

/** The explore screen, loaded on first visit. */
export const explorePages = {
  explore: lazyPage(() => import('./explore-page'), 'ExplorePage'),
};
