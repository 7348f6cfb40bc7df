export * from './requests';
export * from './read-models';
export * from './endpoints';
