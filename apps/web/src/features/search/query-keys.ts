import type { PostKind, SearchFilters } from '@datebook/contracts';
import { postKeys } from '@/features/posts';

/** What one search asked for; `run` tells a repeated search from the last one, so it starts afresh. */
export interface SearchRun {
  q: string;
  filters: SearchFilters;
  run: number;
}

/**
 * Post results are post lists: keyed under posts' lists, a like patches their cards and an edit or
 * delete refreshes them like every other list of posts. Users are keyed apart.
 */
export const searchKeys = {
  allPosts: () => [...postKeys.lists(), 'search'] as const,
  posts: (kind: PostKind, search: SearchRun | null) => [...searchKeys.allPosts(), kind, search] as const,
  users: () => ['search', 'users'] as const,
  usersFor: (search: SearchRun | null) => [...searchKeys.users(), search] as const,
};
