export * from './video-processor';
