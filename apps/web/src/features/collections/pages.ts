import { lazyPage } from '@/lib/lazy-page';

/** The collection screens, each loaded on first visit. */
export const collectionsPages = {
  collections: lazyPage(() => import('./collections-page'), 'CollectionsPage'),
  collection: lazyPage(() => import('./collection-page'), 'CollectionPage'),
};
