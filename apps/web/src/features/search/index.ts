export { searchPages } from './pages';
