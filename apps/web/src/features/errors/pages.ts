import { lazyPage } from '@/lib/lazy-page';

/** The not-found screen of unknown addresses, loaded on first visit. */
export const errorPages = {
  notFound: lazyPage(() => import('./not-found-page'), 'NotFoundPage'),
};
