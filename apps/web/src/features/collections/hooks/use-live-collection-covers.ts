import { useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { rereadQueries } from '@/lib/reread-queries';
import { useRereadOnConnect } from '@/lib/use-reread-on-connect';
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
  useRereadOnConnect(socket, collectionKeys.all, showsProcessing);
}

/** The list query holds an array of collections, the by-name query one collection. */
function showsProcessing(data: unknown): boolean {
  const collections = (Array.isArray(data) ? data : [data]) as (Partial<Collection> | undefined)[];
  return collections.some((collection) => collection?.coverProcessing === true);
}
