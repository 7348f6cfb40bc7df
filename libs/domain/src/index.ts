export * from './counts';
export * from './dates';
