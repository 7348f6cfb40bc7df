import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { planLiveMessages, type PlanEvent, type PlanOperationInput } from '@datebook/contracts';
import { PlanSync, type PlanOpFacts, type PlanSubmitResult, type PlanUndoResult } from '@datebook/domain';
import { useSignedInUser } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import type { LiveSocket } from '@/lib/live-socket';
import { useCurrentLiveSocket } from '@/lib/live-socket-registry';
import { useServerEvent, useSocketConnection } from '@/lib/use-server-event';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { fetchPlan } from '../api';
import { planKeys } from '../query-keys';
import { indexedDbPlanQueueStore } from '../sync/indexeddb-plan-queue-store';
import { restChannel, socketChannel } from '../sync/plan-channel';
import { loadPlan } from '../sync/plan-loader';
import { planSnapshotStore } from '../sync/plan-snapshot-store';
import { TAB_CLIENT_ID } from '../sync/tab-client-id';

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
    queryFn: ({ signal }) => loadPlan(planId, user.id, (id) => fetchPlan(id, signal), planSnapshotStore),
    // Fetched afresh whenever a plan screen opens (edits made elsewhere over REST are not in the
    // cache), offline from the device's snapshot; from then on, events keep the screen current.
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
  const startTyping = useCallback((register: string) => sync.startTyping(register), [sync]);
  const stopTyping = useCallback((register: string) => sync.stopTyping(register), [sync]);
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
        // The lists refresh once per edit, from its event (`onEvent`), which the ack brings here.
        const { overwrote } = result;
        if (overwrote) {
          toast.success(planLiveMessages.replacedChange(overwrote.name), {
            action: { label: planLiveMessages.undo, run: () => void undoOp(overwrote.opId) },
          });
        }
      }
      return result;
    },
    [sync, toast, undoOp],
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
    /** The member began typing in the field of `register` (`plan.title`): see PlanSync.startTyping. */
    startTyping,
    stopTyping,
  };
}

export type PlanSession = ReturnType<typeof usePlan>;

/**
 * Keeps the sync on the best way to the api: the plan's room on the socket while it is connected
 * (joined again after every reconnect), REST otherwise, and nothing while the device is offline.
 * Feeds the room's plan messages to the sync and leaves the room on unmount.
 */
function useLiveChannel(sync: PlanSync, socket: LiveSocket | null, planId: string) {
  const follow = useCallback(() => {
    if (!navigator.onLine) {
      // Chromium's offline emulation may keep a WebSocket open: offline, nothing goes out at all.
      sync.setChannel(null);
      sync.setOnline(false);
      return;
    }
    sync.setOnline(true);
    sync.setChannel(socket?.connected ? socketChannel(socket, planId) : restChannel(planId));
  }, [sync, socket, planId]);

  useEffect(() => {
    const onOnline = () => {
      follow();
      // `active` is false once the socket stopped trying to reconnect on its own.
      if (socket && !socket.active) {
        socket.connect();
      }
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', follow);
    follow();
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', follow);
      if (socket?.connected) {
        socket.emit('plan.leave', { planId });
      }
      sync.dispose();
    };
  }, [sync, socket, planId, follow]);

  useSocketConnection(socket, 'connect', follow);
  useSocketConnection(socket, 'disconnect', follow);
  useServerEvent(socket, 'plan.event', (event) => sync.receive(event));
  useServerEvent(socket, 'plan.head', (head) => sync.head(head));
  useServerEvent(socket, 'plan.access', (access) => {
    if (access.planId === planId) {
      sync.revoke();
    }
  });
  useServerEvent(socket, 'plan.published', (published) => {
    if (published.planId === planId) {
      sync.published(published.dateId);
    }
  });
}
