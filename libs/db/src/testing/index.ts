export * from './database-before-migration';
export * from './test-data';
export * from './test-databases';
