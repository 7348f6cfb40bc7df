export { createDataSource, migrations, type DataSourceSettings } from './data-source';
export { isConnectionLoss } from './connection-loss';
export { noteTransactionId, type DatabaseRetry } from './reconnecting-data-source';
export { migrateAndSeed } from './migrate';
export { CATEGORY_SEED, seedCategories, type CategorySeed } from './seeds/categories';
export * from './repositories';
