import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { planServerEvents, type PlanEvent, type PlanOperationInput } from '@datebook/contracts';
import type { PlanOpFacts } from '@datebook/domain';
import { useSignedInUser } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import type { LiveSocket } from '@/lib/live-socket';
import { useCurrentLiveSocket } from '@/lib/live-socket-registry';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { fetchPlan } from '../api';
import { planKeys } from '../query-keys';
import { restChannel, socketChannel } from '../sync/plan-channel';
import { PlanSync, type PlanSubmitResult } from '../sync/plan-sync';

/** The socket as the plan screens use it: listeners by name, payloads checked against contracts. */
interface PlanSocketEvents {
  on(name: string, listener: (payload: unknown) => void): void;
  off(name: string, listener: (payload: unknown) => void): void;
  emit(name: string, payload: unknown): void;
  connected: boolean;
}

export interface PerformOptions {
  facts?: PlanOpFacts;
  /** The intent's op id, for an action that may be retried (publishing). */
  opId?: string;
  /** The caller shows the failure itself (in a dialog); otherwise it is an alert toast. */
  quiet?: boolean;
}

/**
 * A plan open for editing, live (design: Client): loaded over REST, then kept current through the
 * plan's room on the member's socket — events applied in version order, a rejoin with the last
 * version after a reconnect or a missed event — with the member's own edits shown at once and
 * rolled back with the spec's alert when refused. Without a socket, edits go over REST.
 * Mount it under a `key` of the plan id: one plan per instance.
 */
export function usePlan(planId: string) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const socket = useCurrentLiveSocket();

  const [sync] = useState(
    () =>
      new PlanSync(planId, user.id, (event: PlanEvent) => {
        void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
        if (event.changes.some((change) => change.kind === 'status' && change.to === 'completed')) {
          void queryClient.invalidateQueries({ queryKey: planKeys.detail(planId) });
        }
      }),
  );

  const document = useQuery({
    queryKey: planKeys.detail(planId),
    queryFn: ({ signal }) => fetchPlan(planId, signal),
    // Fetched afresh whenever a plan screen opens (edits made elsewhere over REST are not in the
    // cache); from then on, events keep the screen current.
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
  useEffect(() => {
    if (document.data) {
      sync.load(document.data);
    }
  }, [sync, document.data]);

  useLiveChannel(sync, socket, planId);
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);

  const perform = useCallback(
    async (op: PlanOperationInput, options: PerformOptions = {}): Promise<PlanSubmitResult> => {
      const result = await sync.submit(op, options);
      if (!result.ok && !options.quiet) {
        toast.error(result.alert);
      }
      if (result.ok) {
        void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
        if (result.overwrote) {
          toast.success(`You replaced ${result.overwrote.name}'s change`);
        }
      }
      return result;
    },
    [sync, toast, queryClient],
  );

  return {
    ...snapshot,
    userId: user.id,
    loadError: document.isError ? document.error : null,
    notFound: document.isError && isApiError(document.error) && document.error.isClientError,
    retryLoad: () => void document.refetch(),
    perform,
  };
}

export type PlanSession = ReturnType<typeof usePlan>;

/**
 * Joins the plan's room while the socket is connected (and again after every reconnect), feeds its
 * plan events to the sync, and leaves the room on unmount. With no connected socket, REST carries
 * the edits.
 */
function useLiveChannel(sync: PlanSync, socket: LiveSocket | null, planId: string) {
  useEffect(() => {
    if (!socket) {
      sync.setChannel(restChannel(planId));
      return () => sync.dispose();
    }
    const live = socket as unknown as PlanSocketEvents;
    const onConnect = () => sync.setChannel(socketChannel(socket, planId));
    const onDisconnect = () => sync.setChannel(restChannel(planId));
    const onEvent = (payload: unknown) => sync.receive(payload);
    const onAccess = (payload: unknown) => {
      const parsed = planServerEvents['plan.access'].safeParse(payload);
      if (parsed.success && parsed.data.planId === planId) {
        sync.revoke();
      }
    };
    const onPublished = (payload: unknown) => {
      const parsed = planServerEvents['plan.published'].safeParse(payload);
      if (parsed.success && parsed.data.planId === planId) {
        sync.published(parsed.data.dateId);
      }
    };
    const listeners: [string, (payload: unknown) => void][] = [
      ['connect', onConnect],
      ['disconnect', onDisconnect],
      ['plan.event', onEvent],
      ['plan.access', onAccess],
      ['plan.published', onPublished],
    ];
    for (const [name, listener] of listeners) {
      live.on(name, listener);
    }
    if (live.connected) {
      onConnect();
    } else {
      onDisconnect();
    }
    return () => {
      for (const [name, listener] of listeners) {
        live.off(name, listener);
      }
      if (live.connected) {
        live.emit('plan.leave', { planId });
      }
      sync.dispose();
    };
  }, [sync, socket, planId]);
}
