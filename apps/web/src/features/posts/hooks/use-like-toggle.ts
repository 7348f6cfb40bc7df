import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostKind } from '@datebook/contracts';
import { setLiked } from '../api';
import { postKeys } from '../query-keys';
import type { PostDetail } from './use-post-detail';

/**
 * Like or unlike a post: the heart and count change at once, go back if the api refuses, and
 * settle on the api's own count when it answers.
 */
export function useLikeToggle(kind: PostKind, id: string) {
  const queryClient = useQueryClient();
  const key = postKeys.detail(kind, id);
  return useMutation({
    mutationFn: (liked: boolean) => setLiked(kind, id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PostDetail>(key);
      if (previous) {
        queryClient.setQueryData<PostDetail>(key, {
          ...previous,
          isLiked: liked,
          likeCount: Math.max(0, previous.likeCount + (liked ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _liked, context) => {
      if (context?.previous) {
        queryClient.setQueryData(key, context.previous);
      }
    },
    onSuccess: ({ liked, likeCount }) => {
      queryClient.setQueryData<PostDetail>(key, (post) => post && { ...post, isLiked: liked, likeCount });
    },
  });
}
