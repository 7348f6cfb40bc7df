import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchFollowList, profileKeys, type FollowDirection } from '@/features/profile';

/** A profile's followers or followings, page by page with the api's cursor. */
export function useFollowList(username: string, direction: FollowDirection) {
  return useInfiniteQuery({
    queryKey: profileKeys.followList(username, direction),
    queryFn: ({ pageParam, signal }) => fetchFollowList(username, direction, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
