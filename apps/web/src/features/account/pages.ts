import { lazyPage } from '@/lib/lazy-page';

/** The account screen, loaded on first visit. */
export const accountPages = {
  account: lazyPage(() => import('./account-page'), 'AccountPage'),
};
