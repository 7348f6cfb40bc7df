export * from './op-ids';
export * from './plan-channel';
export * from './plan-queue-store';
export * from './plan-snapshot';
export * from './plan-sync-results';
export * from './retry-schedule';
export * from './plan-sync';
export * from './socket-plan-channel';
