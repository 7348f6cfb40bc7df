export * from './job-options';
export * from './job-queues';
