import { useQuery } from '@tanstack/react-query';
import { fetchCollectionByName } from '../api';
import { collectionKeys } from '../query-keys';

/** One of the member's collections, as its page URL names it (any case). */
export function useCollectionByName(name: string) {
  return useQuery({
    queryKey: collectionKeys.byName(name),
    queryFn: ({ signal }) => fetchCollectionByName(name, signal),
  });
}
