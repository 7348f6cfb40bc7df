export * from './object-storage';
