export * from './chip-limits';
export * from './counts';
export * from './dates';
export * from './profile-visibility';
export * from './post-rules';
export * from './post-visibility';
export * from './plans';
