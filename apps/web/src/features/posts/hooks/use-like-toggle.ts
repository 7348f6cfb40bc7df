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
 * the api refuses, and settle on the api's own count when it answers. Every click counts: the
 * requests go one after another (one scope), so a quick like-unlike reaches the api in that order
 * and the last click wins.
 */
export function useLikeToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'likes' },
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
    onSuccess: ({ liked, likeCount }, change) => {
      // A later click on the same post is still on its way: its optimistic state stays on show.
      const later = queryClient.getMutationCache().findAll({
        status: 'pending',
        predicate: (mutation) => {
          const variables = mutation.state.variables as LikeChange | undefined;
          return (
            variables !== change &&
            variables?.post.kind === change.post.kind &&
            variables.post.id === change.post.id
          );
        },
      });
      if (later.length === 0) {
        patchCachedPost(queryClient, change.post, () => ({ isLiked: liked, likeCount }));
      }
    },
  });
}
