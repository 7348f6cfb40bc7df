import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  planLiveMessages,
  planServerEvents,
  type PlanEvent,
  type PlanOperationInput,
} from '@datebook/contracts';
import { PlanSync, type PlanOpFacts, type PlanSubmitResult, type PlanUndoResult } from '@datebook/domain';
import { useSignedInUser } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import type { LiveSocket } from '@/lib/live-socket';
import { useCurrentLiveSocket } from '@/lib/live-socket-registry';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { fetchPlan } from '../api';
import { planKeys } from '../query-keys';
import { indexedDbPlanQueueStore } from '../sync/indexeddb-plan-queue-store';
import { restChannel, socketChannel } from '../sync/plan-channel';
import { TAB_CLIENT_ID } from '../sync/tab-client-id';

/** The socket as the plan screens use it: listeners by name, payloads checked against contracts. */
interface PlanSocketEvents {
  on(name: string, listener: (payload: unknown) => void): void;
  off(name: string, listener: (payload: unknown) => void): void;
  emit(name: string, payload: unknown): void;
  connect(): void;
  connected: boolean;
  /** False once the socket stopped trying to reconnect on its own. */
  active: boolean;
}

/** One store for every plan screen of the page; it opens IndexedDB on first use. */
const planQueueStore = indexedDbPlanQueueStore();

export interface PerformOptions {
  facts?: PlanOpFacts;
  /** The intent's op id, for an action that may be retried (publishing). */
  opId?: string;
  /** The caller shows the failure itself (in a dialog); otherwise it is an alert toast. */
  quiet?: boolean;
  /**
   * The edit passed the rules and is on screen, waiting for the server: a dialog closes now, offline
   * too. A refusal the server sends after that is an alert toast even when `quiet`: its dialog is gone.
   */
  onQueued?: () => void;
}

/**
 * A plan open for editing, live (design: Client): loaded over REST, then kept current through the
 * plan's room on the member's socket — events applied in version order, a rejoin with the last
 * version after a reconnect, a missed event or a newer head — with the member's own edits shown at
 * once, kept across reloads until accepted, and rolled back with the spec's alert when refused.
 * Without a socket, edits go over REST; offline, they wait. Mount it under a `key` of the plan id:
 * one plan per instance.
 */
export function usePlan(planId: string) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const socket = useCurrentLiveSocket();

  const [sync] = useState(
    () =>
      new PlanSync({
        planId,
        userId: user.id,
        clientId: TAB_CLIENT_ID,
        store: planQueueStore,
        onEvent: (event: PlanEvent) => {
          void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
          if (event.changes.some((change) => change.kind === 'status' && change.to === 'completed')) {
            void queryClient.invalidateQueries({ queryKey: planKeys.detail(planId) });
          }
        },
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

  const showUndo = useCallback(
    (result: PlanUndoResult) => {
      switch (result.status) {
        case 'undone':
          return;
        case 'nothing':
          toast.success(planLiveMessages.nothingToUndo);
          return;
        case 'skipped':
          toast.success(planLiveMessages.undoSkipped);
          return;
        case 'refused':
          toast.error(result.alert);
          return;
      }
    },
    [toast],
  );
  const undo = useCallback(async () => showUndo(await sync.undo()), [sync, showUndo]);
  const undoOp = useCallback(async (opId: string) => showUndo(await sync.undoOp(opId)), [sync, showUndo]);

  const perform = useCallback(
    async (op: PlanOperationInput, options: PerformOptions = {}): Promise<PlanSubmitResult> => {
      let queued = false;
      const result = await sync.submit(op, {
        ...options,
        onQueued: () => {
          queued = true;
          options.onQueued?.();
        },
      });
      if (!result.ok && (!options.quiet || (queued && options.onQueued))) {
        toast.error(result.alert);
      }
      if (result.ok) {
        void queryClient.invalidateQueries({ queryKey: planKeys.lists() });
        const { overwrote } = result;
        if (overwrote) {
          toast.success(planLiveMessages.replacedChange(overwrote.name), {
            action: { label: planLiveMessages.undo, run: () => void undoOp(overwrote.opId) },
          });
        }
      }
      return result;
    },
    [sync, toast, queryClient, undoOp],
  );

  return {
    ...snapshot,
    userId: user.id,
    loadError: document.isError ? document.error : null,
    notFound: document.isError && isApiError(document.error) && document.error.isClientError,
    retryLoad: () => void document.refetch(),
    perform,
    undo,
    undoOp,
  };
}

export type PlanSession = ReturnType<typeof usePlan>;

/**
 * Keeps the sync on the best way to the api: the plan's room on the socket while it is connected
 * (joined again after every reconnect), REST otherwise, and nothing while the device is offline.
 * Feeds the room's plan messages to the sync and leaves the room on unmount.
 */
function useLiveChannel(sync: PlanSync, socket: LiveSocket | null, planId: string) {
  useEffect(() => {
    const live = socket as unknown as PlanSocketEvents | null;
    const follow = () => {
      if (!navigator.onLine) {
        // Chromium's offline emulation may keep a WebSocket open: offline, nothing goes out at all.
        sync.setChannel(null);
        sync.setOnline(false);
        return;
      }
      sync.setOnline(true);
      sync.setChannel(socket && live?.connected ? socketChannel(socket, planId) : restChannel(planId));
    };
    const onOnline = () => {
      follow();
      if (live && !live.active) {
        live.connect();
      }
    };
    const forThisPlan = <T extends { planId: string }>(
      schema: { safeParse(payload: unknown): { success: true; data: T } | { success: false } },
      run: (data: T) => void,
    ) => {
      return (payload: unknown) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success && parsed.data.planId === planId) {
          run(parsed.data);
        }
      };
    };
    const listeners: [string, (payload: unknown) => void][] = [
      ['connect', follow],
      ['disconnect', follow],
      ['plan.event', (payload) => sync.receive(payload)],
      ['plan.head', (payload) => sync.head(payload)],
      ['plan.access', forThisPlan(planServerEvents['plan.access'], () => sync.revoke())],
      [
        'plan.published',
        forThisPlan(planServerEvents['plan.published'], (data) => sync.published(data.dateId)),
      ],
    ];
    for (const [name, listener] of live ? listeners : []) {
      live?.on(name, listener);
    }
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', follow);
    follow();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', follow);
      for (const [name, listener] of live ? listeners : []) {
        live?.off(name, listener);
      }
      if (live?.connected) {
        live.emit('plan.leave', { planId });
      }
      sync.dispose();
    };
  }, [sync, socket, planId]);
}
