export { planPages } from './pages';
