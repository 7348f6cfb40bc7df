import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createCollection, deleteCollection, updateCollection } from '../api';
import { collectionKeys } from '../query-keys';
import { uploadCover } from '../upload-cover';

/** Make a collection; the lists of collections are read again. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createCollection({ name }),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.byName(collection.name), collection);
      return queryClient.invalidateQueries({ queryKey: collectionKeys.list() });
    },
  });
}

/** What the edit dialog saves: the title (always sent) and, when one was picked, a new cover photo. */
export interface CollectionEdit {
  name: string;
  cover?: File;
}

/**
 * Rename a collection and/or give it a new cover: the photo is uploaded first, then one update names
 * both. Its page moves to the new name's URL, which finds it in the cache.
 */
export function useUpdateCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, cover }: CollectionEdit) =>
      updateCollection(id, { name, coverUploadId: cover ? await uploadCover(cover) : undefined }),
    onSuccess: (collection) => {
      markStale(queryClient);
      queryClient.setQueryData(collectionKeys.byName(collection.name), collection);
    },
  });
}

/** Delete a collection (never its posts). */
export function useDeleteCollection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCollection(id),
    onSuccess: () => markStale(queryClient),
  });
}

/**
 * Every collection query is read again when next shown. The page still on screen is not: reading
 * the old name now would flash 'Collection not found.' before the page moves on.
 */
function markStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType: 'none' });
}
