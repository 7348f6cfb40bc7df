export * from './domain-errors';
