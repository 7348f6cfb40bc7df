export { OwnCollectionsRoute } from './own-collections-route';
export { collectionsPages } from './pages';
