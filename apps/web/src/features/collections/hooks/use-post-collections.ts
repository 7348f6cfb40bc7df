import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePostCollectionsRequest, PostKind } from '@datebook/contracts';
import { changePostCollections, fetchPostCollections } from '../api';
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
 * Adds a post to the collections the member ticked and takes it out of those they unticked, in one
 * transaction on the api; the post's saved flag follows what the api answers.
 */
export function useChangePostCollections(kind: PostKind, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ChangePostCollectionsRequest) => changePostCollections(kind, postId, change),
    onSuccess: (result) => {
      patchSavedFlag(queryClient, { kind, id: postId }, result.saved);
      queryClient.setQueryData(collectionKeys.ofPost(kind, postId), result);
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType: 'none' });
    },
  });
}
