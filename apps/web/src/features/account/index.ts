/** What others use of the account: its query keys, its live upload status, and its screen. */
export { accountKeys } from './query-keys';
export { useLiveUploadStatus } from './hooks/use-live-upload-status';
export { accountPages } from './pages';
