export { explorePages } from './pages';
