import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_LIST_PAGE, planServerEvents, type PlanListScope } from '@datebook/contracts';
import { useCurrentLiveSocket } from '@/lib/live-socket-registry';
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

interface ListensByName {
  on(name: string, listener: (payload: unknown) => void): void;
  off(name: string, listener: (payload: unknown) => void): void;
}

/** `plans.changed` (an invite or a removal): the open lists fetch again, without a reload. */
export function useLivePlanLists() {
  const socket = useCurrentLiveSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) {
      return;
    }
    const live = socket as unknown as ListensByName;
    const refresh = (payload: unknown) => {
      if (planServerEvents['plans.changed'].safeParse(payload).success) {
        void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
      }
    };
    live.on('plans.changed', refresh);
    return () => live.off('plans.changed', refresh);
  }, [socket, queryClient]);
}
