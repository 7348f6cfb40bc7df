import { useInfiniteQuery } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile';
import { fetchFollowRequests } from '../api';

/** The signed-in member's pending follow requests, page by page with the api's cursor. */
export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: profileKeys.followRequests(),
    queryFn: ({ pageParam, signal }) => fetchFollowRequests(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
