import { postKeys } from '@/features/posts';

/**
 * The grid is a post list: keyed under posts' lists, so a like or a save patches its cards and an
 * edit or delete refreshes it like every other list. The featured row is one plain answer, not card
 * pages, so it stays out of the lists (their patchers expect pages) but under posts, which a live
 * media update refreshes. Creators are profiles, not posts.
 */
export const exploreKeys = {
  featured: () => [...postKeys.all, 'explore', 'featured'] as const,
  activities: () => [...postKeys.lists(), 'explore', 'activities'] as const,
  creators: () => ['explore', 'creators'] as const,
};
