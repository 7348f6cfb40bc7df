import { postKeys } from '@/features/posts';
import type { FeedTab } from './feed-tab';

/**
 * Feed pages are post lists: keyed under posts' lists, a like patches their cards and an edit or
 * delete refreshes them like every other list of posts.
 */
export const feedKeys = {
  tab: (tab: FeedTab) => [...postKeys.lists(), 'feed', tab] as const,
};
