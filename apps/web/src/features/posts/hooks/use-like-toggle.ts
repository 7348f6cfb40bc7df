import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostKind } from '@datebook/contracts';
import { setLiked } from '../api';
import { patchCachedPost, restoreCachedPosts } from '../cache/patch-cached-post';
import { postKeys } from '../query-keys';

export interface LikeChange {
  post: { kind: PostKind; id: string };
  liked: boolean;
}

/**
 * Like or unlike a post: the heart and count change at once on its page and every card, go back if
 * the api refuses, and settle on the api's own count when it answers.
 */
export function useLikeToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, liked }: LikeChange) => setLiked(post.kind, post.id, liked),
    onMutate: async ({ post, liked }) => {
      await queryClient.cancelQueries({ queryKey: postKeys.detail(post.kind, post.id) });
      await queryClient.cancelQueries({ queryKey: postKeys.lists() });
      const snapshot = patchCachedPost(queryClient, post, (card) => ({
        isLiked: liked,
        likeCount: Math.max(0, card.likeCount + (liked === card.isLiked ? 0 : liked ? 1 : -1)),
      }));
      return { snapshot };
    },
    onError: (_error, _change, context) => {
      if (context) {
        restoreCachedPosts(queryClient, context.snapshot);
      }
    },
    onSuccess: ({ liked, likeCount }, { post }) => {
      patchCachedPost(queryClient, post, () => ({ isLiked: liked, likeCount }));
    },
  });
}
