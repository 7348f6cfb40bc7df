import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostKind } from '@datebook/contracts';
import { fetchProfilePosts } from '../api';
import { postKeys } from '../query-keys';

/** A profile's activities or dates, newest first, a page at a time. */
export function useProfilePosts(kind: PostKind, username: string) {
  return useInfiniteQuery({
    queryKey: postKeys.profileList(kind, username),
    queryFn: ({ pageParam, signal }) => fetchProfilePosts(kind, username, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
