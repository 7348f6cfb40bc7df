/** What other features mount: the own account's post tabs and the post popup. */
export { OwnPostsTabs } from './components/own-posts-tabs';
export { PostDetailDialog } from './components/post-detail-dialog';
