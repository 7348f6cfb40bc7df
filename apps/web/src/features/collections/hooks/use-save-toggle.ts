import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type PostKind } from '@datebook/contracts';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { setSaved } from '../api';
import { patchSavedFlag } from '../cache/patch-saved-flag';
import { collectionKeys } from '../query-keys';

export interface SaveChange {
  post: { kind: PostKind; id: string };
  saved: boolean;
}

/**
 * Saves a post into the default collection or takes it out (spec section 4, Save). Unlike a like,
 * the flag is not optimistic: it flips on every cached copy only once the api answers, and to what
 * the api says, so a failure or a `saved: false` leaves the bookmark as it was.
 */
export function useSaveToggle() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: ({ post, saved }: SaveChange) => setSaved(post.kind, post.id, saved),
    onSuccess: ({ saved }, { post }) => {
      patchSavedFlag(queryClient, post, saved);
      // Counts, covers and lists change on the next visit; the card in view keeps its place.
      void queryClient.invalidateQueries({ queryKey: collectionKeys.all, refetchType: 'none' });
    },
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
  });
  return {
    /** `onError` lets a caller that marked the post at once (search results) take the mark back. */
    toggle: (post: { kind: PostKind; id: string; isSaved: boolean }, options?: { onError?: () => void }) =>
      mutation.mutate(
        { post: { kind: post.kind, id: post.id }, saved: !post.isSaved },
        { onError: options?.onError },
      ),
    pending: mutation.isPending,
  };
}
