export { savedPages } from './pages';
