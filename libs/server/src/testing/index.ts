export * from './log-capture';
export * from './maildev-client';
export * from './test-config';
export * from './test-services';
export * from './test-s3';
export * from './process-environment';
