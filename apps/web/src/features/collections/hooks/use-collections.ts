import { useQuery } from '@tanstack/react-query';
import { fetchCollections } from '../api';
import { collectionKeys } from '../query-keys';

/** The member's collections, default first, then the most recently updated (spec section 3). */
export function useCollections() {
  return useQuery({
    queryKey: collectionKeys.list(),
    queryFn: ({ signal }) => fetchCollections(signal).then((list) => list.items),
  });
}
