import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostKind } from '@datebook/contracts';
import { fetchPostCollections, setPostCollections } from '../api';
import { patchSavedFlag } from '../cache/patch-saved-flag';
import { collectionKeys } from '../query-keys';

/** Which of the member's collections hold a post (the add-to-collection dialog's ticks). */
export function usePostCollections(kind: PostKind, postId: string) {
  return useQuery({
    queryKey: collectionKeys.ofPost(kind, postId),
    queryFn: ({ signal }) => fetchPostCollections(kind, postId, signal),
    // The dialog starts from what is stored now, not from an earlier visit.
    staleTime: 0,
  });
}

/**
 * Puts a post in exactly the chosen collections, in one transaction on the api; the post's saved
 * flag follows what the api answers.
 */
export function useSetPostCollections(kind: PostKind, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionIds: string[]) => setPostCollections(kind, postId, collectionIds),
    onSuccess: (result) => {
      patchSavedFlag(queryClient, { kind, id: postId }, result.saved);
      queryClient.setQueryData(collectionKeys.ofPost(kind, postId), result);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType: 'none' });
    },
  });
}
