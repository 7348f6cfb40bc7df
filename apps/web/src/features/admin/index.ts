export { adminPages } from './pages';
