/** What others use of the account: its live upload status and follow requests, and its screen. */
export { useLiveFollowRequests } from './hooks/use-live-follow-requests';
export { useLiveUploadStatus } from './hooks/use-live-upload-status';
export { accountPages } from './pages';
