/** What others use of the account: its live upload status and its screen. */
export { useLiveUploadStatus } from './hooks/use-live-upload-status';
export { accountPages } from './pages';
