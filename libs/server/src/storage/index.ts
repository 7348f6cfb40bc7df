export * from './media-keys';
export * from './object-storage';
export * from './read-url-signer';
