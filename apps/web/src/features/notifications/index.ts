export { notificationsPages } from './pages';
