export * from './test-api';
export * from './test-sockets';
export * from './test-users';
export * from './use-test-api';
