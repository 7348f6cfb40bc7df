/** What a route shows when it fails or finds nothing. */
export { NotFoundPage } from './not-found-page';
export { RouteErrorPage } from './route-error-page';
export { errorPages } from './pages';
