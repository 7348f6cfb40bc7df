import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostKind } from '@datebook/contracts';
import { addComment, deleteComment, fetchComments } from '../api';
import { patchCachedPost } from '../cache/patch-cached-post';
import { postKeys } from '../query-keys';

/** A post's comments, oldest first, a page at a time. */
export function useComments(kind: PostKind, id: string) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(kind, id),
    queryFn: ({ pageParam, signal }) => fetchComments(kind, id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Adding or deleting a comment refreshes the list and moves the post's count by one, on every card too. */
function useCommentChange(kind: PostKind, id: string, delta: 1 | -1) {
  const queryClient = useQueryClient();
  return () => {
    patchCachedPost(queryClient, { kind, id }, (post) => ({
      commentCount: Math.max(0, post.commentCount + delta),
    }));
    return queryClient.invalidateQueries({ queryKey: postKeys.comments(kind, id) });
  };
}

/** A comment as the form sends it: its text, and its id across resends (see addComment). */
export interface NewComment {
  body: string;
  clientId: string;
}

export function useAddComment(kind: PostKind, id: string) {
  const onSuccess = useCommentChange(kind, id, 1);
  return useMutation({
    mutationFn: ({ body, clientId }: NewComment) => addComment(kind, id, body, clientId),
    onSuccess,
  });
}

export function useDeleteComment(kind: PostKind, id: string) {
  const onSuccess = useCommentChange(kind, id, -1);
  return useMutation({ mutationFn: (commentId: string) => deleteComment(commentId), onSuccess });
}
