export * from './constants';
export { chipList, postMediaInputSchema } from './fields';
export * from './requests';
export * from './read-models';
export * from './comments';
export * from './endpoints';
