export * from './test-worker';
export * from './use-test-worker';
