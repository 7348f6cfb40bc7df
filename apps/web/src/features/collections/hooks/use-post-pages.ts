import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchCollectionItems, fetchSavedPosts } from '../api';
import { collectionKeys } from '../query-keys';

/** The saved posts the member may see, newest save first, a keyset page at a time. */
export function useSavedPosts() {
  return useInfiniteQuery({
    queryKey: collectionKeys.savedPosts(),
    queryFn: ({ pageParam, signal }) => fetchSavedPosts(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** A collection's posts the member may see, newest save first, a keyset page at a time. */
export function useCollectionItems(id: string) {
  return useInfiniteQuery({
    queryKey: collectionKeys.items(id),
    queryFn: ({ pageParam, signal }) => fetchCollectionItems(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
