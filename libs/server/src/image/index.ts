export * from './image-processor';
