export * from './realtime-publisher';
export * from './server-events';
