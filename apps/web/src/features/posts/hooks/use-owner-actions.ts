import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostKind, UpdateActivityRequest, UpdateDateRequest } from '@datebook/contracts';
import { deletePost, updateActivity, updateDate } from '../api';
import { postKeys } from '../query-keys';
import type { PostDetail } from './use-post-detail';

export type PostUpdate =
  { kind: 'activity'; body: UpdateActivityRequest } | { kind: 'date'; body: UpdateDateRequest };

/** The owner's edit: the answer replaces the cached post, and every list is refreshed. */
export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PostUpdate): Promise<PostDetail> =>
      update.kind === 'activity' ? updateActivity(id, update.body) : updateDate(id, update.body),
    onSuccess: async (post) => {
      queryClient.setQueryData(postKeys.detail(post.kind, id), post);
      await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

/** The owner's delete: the post leaves the cache and every list is refreshed. */
export function useDeletePost(kind: PostKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(kind, id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: postKeys.detail(kind, id) });
      await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
