export * from './plan-fixtures';
