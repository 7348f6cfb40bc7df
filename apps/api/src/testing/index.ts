export { createApiApp } from '../app.factory';
export * from './test-api';
export * from './test-sockets';
export * from './test-users';
export * from './use-test-api';
export * from './use-test-api-cluster';
export * from './media-uploads';
