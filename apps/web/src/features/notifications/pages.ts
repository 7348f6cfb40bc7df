import { lazyPage } from '@/lib/lazy-page';

/** The notifications screen, loaded on first visit. */
export const notificationsPages = {
  notifications: lazyPage(() => import('./notifications-page'), 'NotificationsPage'),
};
