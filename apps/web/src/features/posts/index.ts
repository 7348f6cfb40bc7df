/**
 * What other features use of posts: the own account's and a profile's post tabs, the category
 * picker, the lists and keys the create flow and live updates need, the fact rows the create preview
 * shares with the post page, the post pages, and what a feed of cards needs: the card actions and the
 * post popup.
 */
export { CategorySelect } from './components/category-select';
export { OwnPostsTabs } from './components/own-posts-tabs';
export { PostDetailDialog } from './components/post-detail-dialog';
export { postFacts, type FactsSource } from './components/post-facts';
export { ProfilePostsTabs } from './components/profile-posts-tabs';
export { useAllCategories } from './hooks/use-all-categories';
export { useCardActions } from './hooks/use-card-actions';
export { useCategories } from './hooks/use-categories';
export { useLivePostMedia } from './hooks/use-live-post-media';
export { useProfilePosts } from './hooks/use-profile-posts';
export { postKeys } from './query-keys';
export { postPages } from './pages';
