import { skipToken, useInfiniteQuery } from '@tanstack/react-query';
import type { PostKind } from '@datebook/contracts';
import { fetchPostResults, fetchUserResults } from '../api';
import { searchKeys, type SearchRun } from '../query-keys';

const FIRST_PAGE = undefined as string | undefined;

/** Activities or dates of one search, a page of 10 at a time; idle until a search runs. */
export function usePostResults(kind: PostKind, search: SearchRun | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.posts(kind, search),
    queryFn:
      search && enabled
        ? ({ pageParam, signal }) => fetchPostResults(kind, search.q, search.filters, pageParam, signal)
        : skipToken,
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Members by name for one search; a blank query finds nobody, so it is not asked. */
export function useUserResults(search: SearchRun | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: searchKeys.usersFor(search),
    queryFn:
      search && enabled && search.q !== ''
        ? ({ pageParam, signal }) => fetchUserResults(search.q, pageParam, signal)
        : skipToken,
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
