import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { describePlanHistory, type PlanHistoryLine } from '@datebook/domain';
import { useSignedInUser } from '@/features/session';
import { fetchPlanHistory } from '../api';
import { planKeys } from '../query-keys';

/**
 * The plan's history, newest first, a page at a time, worded for this member: one line per change,
 * each naming its people from every loaded page's `people`.
 */
export function usePlanHistory(planId: string, timeZone: string) {
  const user = useSignedInUser();
  const query = useInfiniteQuery({
    queryKey: planKeys.history(planId),
    queryFn: ({ pageParam, signal }) => fetchPlanHistory(planId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    // Every opening shows what happened up to now.
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const pages = query.data?.pages;
  const lines = useMemo<PlanHistoryLine[]>(() => {
    if (!pages) {
      return [];
    }
    return describePlanHistory(
      pages.flatMap((page) => page.items),
      {
        people: pages.flatMap((page) => page.people),
        titles: Object.assign({}, ...pages.map((page) => page.titles)) as Record<string, string>,
        viewerId: user.id,
        timeZone,
      },
    );
  }, [pages, user.id, timeZone]);
  return { ...query, lines };
}
