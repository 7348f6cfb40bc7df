/** What other features mount: the own account's and a profile's post tabs, and the post popup. */
export { OwnPostsTabs } from './components/own-posts-tabs';
export { ProfilePostsTabs } from './components/profile-posts-tabs';
export { PostDetailDialog } from './components/post-detail-dialog';
