export * from './realtime-publisher';
