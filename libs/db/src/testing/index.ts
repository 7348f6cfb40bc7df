export * from './database-before-migration';
export * from './plan-event-log';
export * from './test-data';
export * from './test-databases';
