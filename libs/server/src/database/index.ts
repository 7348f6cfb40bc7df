export * from './returning';
