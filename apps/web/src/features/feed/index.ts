export { feedPages } from './pages';
