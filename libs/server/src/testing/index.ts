export * from './maildev-client';
export * from './test-config';
export * from './test-services';
