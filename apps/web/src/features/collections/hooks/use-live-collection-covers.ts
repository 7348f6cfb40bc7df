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
  // Each by its key: the list holds collections, a page one collection; item pages hold posts.
  useRereadOnConnect<Collection[]>(socket, collectionKeys.list(), (list) => list.some(showsProcessing));
  useRereadOnConnect<Collection>(socket, collectionKeys.byNames(), showsProcessing);
}

function showsProcessing(collection: Collection): boolean {
  return collection.coverProcessing;
}
