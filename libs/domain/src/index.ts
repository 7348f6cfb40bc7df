export * from './counts';
export * from './dates';
export * from './profile-visibility';
