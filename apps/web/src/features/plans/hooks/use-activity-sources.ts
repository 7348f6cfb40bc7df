import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostCard } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session';
import { fetchOwnActivities, fetchSavedPosts, searchActivities } from '../api';
import { planKeys } from '../query-keys';

export type ActivitySource = 'own' | 'saved' | 'search';

/**
 * The activities the Add Activity picker offers: the member's own, their saved ones, or those a
 * search finds among what they may see. A page at a time.
 */
export function useActivitySource(source: ActivitySource, query: string) {
  const user = useSignedInUser();
  const result = useInfiniteQuery({
    queryKey: planKeys.picker(source, source === 'search' ? query : ''),
    queryFn: ({ pageParam, signal }) => {
      switch (source) {
        case 'own':
          return fetchOwnActivities(user.username, pageParam, signal);
        case 'saved':
          return fetchSavedPosts(pageParam, signal);
        case 'search':
          return searchActivities(query, pageParam, signal);
      }
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: source !== 'search' || query.trim() !== '',
  });
  const items: PostCard[] =
    result.data?.pages.flatMap((page) => page.items.filter((item) => item.kind === 'activity')) ?? [];
  return { ...result, items };
}
