export * from './filters';
export * from './requests';
export * from './read-models';
export * from './endpoints';
