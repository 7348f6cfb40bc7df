import type { PostCard } from '@datebook/contracts';
import { useProfilePosts } from '@/features/posts';

/** How many of an author's posts their popup shows (spec section 9). */
export const RECENT_POSTS = 3;

/** An author's newest posts, activities and dates together, from the first page of each. */
export function useRecentPosts(username: string): { posts: PostCard[]; pending: boolean } {
  const activities = useProfilePosts('activity', username);
  const dates = useProfilePosts('date', username);
  const posts = [...(activities.data?.pages[0]?.items ?? []), ...(dates.data?.pages[0]?.items ?? [])]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, RECENT_POSTS);
  return { posts, pending: activities.isPending || dates.isPending };
}
