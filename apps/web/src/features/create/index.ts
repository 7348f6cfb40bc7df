export { createPages } from './pages';
