import { lazyPage } from '@/lib/lazy-page';

/** A member's profile, loaded on first visit. */
export const profilePages = {
  profile: lazyPage(() => import('./profile-page'), 'ProfilePage'),
};
