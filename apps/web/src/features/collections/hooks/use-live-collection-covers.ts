import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { rereadQueries } from '@/lib/reread-queries';
import { useServerEvent } from '@/lib/use-server-event';
import { collectionKeys } from '../query-keys';

/**
 * A collection's new cover finished processing (or failed): every collection query is read again,
 * so tiles swap 'Processing…' for the cover at once. Nothing polls; this is how they learn.
 */
export function useLiveCollectionCovers(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'media.status', ({ kind }) => {
    if (kind === 'collection') {
      void rereadQueries(queryClient, { queryKey: collectionKeys.all });
    }
  });

  // The event is lost when it came before the socket joined (or while it was down): on each
  // (re)connect, read again whatever still shows a cover processing or is being read right now.
  useEffect(() => {
    if (!socket) {
      return;
    }
    const refreshProcessing = () =>
      void rereadQueries(queryClient, {
        queryKey: collectionKeys.all,
        predicate: (query) => query.state.fetchStatus === 'fetching' || showsProcessing(query.state.data),
      });
    socket.on('connect', refreshProcessing);
    if (socket.connected) {
      refreshProcessing();
    }
    return () => {
      socket.off('connect', refreshProcessing);
    };
  }, [socket, queryClient]);
}

/** The list query holds an array of collections, the by-name query one collection. */
function showsProcessing(data: unknown): boolean {
  const collections = (Array.isArray(data) ? data : [data]) as (Partial<Collection> | undefined)[];
  return collections.some((collection) => collection?.coverProcessing === true);
}
