export * from './attempt-backoff';
export * from './rate-limiter';
