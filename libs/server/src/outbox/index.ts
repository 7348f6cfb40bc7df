export * from './outbox-writer';
