import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_LIST_PAGE, type PlanListScope } from '@datebook/contracts';
import { useCurrentLiveSocket } from '@/lib/live-socket-registry';
import { useServerEvent } from '@/lib/use-server-event';
import { fetchPlans } from '../api';
import { planKeys } from '../query-keys';

/** Plans previewed on Your Lists (spec section 9: planned list 3). */
export const PLANNED_PREVIEW = 3;

/** One section of /saved/planned, newest update first, a keyset page at a time. */
export function usePlanList(scope: Exclude<PlanListScope, 'all'>) {
  return useInfiniteQuery({
    queryKey: planKeys.list(scope),
    queryFn: ({ pageParam, signal }) => fetchPlans(scope, pageParam, PLAN_LIST_PAGE.defaultLimit, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** The first plans of either kind, for the Planned section of Your Lists. */
export function usePlanPreview() {
  return useQuery({
    queryKey: planKeys.list('all', PLANNED_PREVIEW),
    queryFn: ({ signal }) => fetchPlans('all', undefined, PLANNED_PREVIEW, signal).then((page) => page.items),
  });
}

/** `plans.changed` (an invite or a removal): the open lists fetch again, without a reload. */
export function useLivePlanLists() {
  const queryClient = useQueryClient();
  useServerEvent(useCurrentLiveSocket(), 'plans.changed', () => {
    void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
  });
}
