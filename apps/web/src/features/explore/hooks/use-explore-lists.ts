import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchExploreActivities, fetchExploreCreators, fetchFeaturedActivities } from '../api';
import { exploreKeys } from '../query-keys';

export function useFeaturedActivities() {
  return useQuery({
    queryKey: exploreKeys.featured(),
    queryFn: ({ signal }) => fetchFeaturedActivities(signal),
    select: (featured) => featured.items,
  });
}

/** Suggestions for a member, the most followed public creators for a visitor. */
export function useExploreCreators() {
  return useQuery({
    queryKey: exploreKeys.creators(),
    queryFn: ({ signal }) => fetchExploreCreators(signal),
  });
}

/** The Explore Activities grid, a keyset page at a time. */
export function useExploreActivities() {
  return useInfiniteQuery({
    queryKey: exploreKeys.activities(),
    queryFn: ({ pageParam, signal }) => fetchExploreActivities(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
