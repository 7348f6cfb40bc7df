export * from './constants';
export {
  activityPlaceSchema,
  chipList,
  isSiteSpecific,
  keptAddress,
  postMediaInputSchema,
  postMediaTypesSchema,
  type ActivityPlace,
} from './fields';
export * from './requests';
export * from './read-models';
export * from './comments';
export * from './endpoints';
