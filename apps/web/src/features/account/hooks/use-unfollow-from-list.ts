import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { unfollow, profileKeys } from '@/features/profile';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { dropFromFollowList } from './follow-list-cache';

/** Unfollow from one's own following list: the member leaves the list, the count drops. */
export function useUnfollowFromList(ownUsername: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: unfollow,
    onSuccess: (_state, username) => {
      dropFromFollowList(queryClient, ownUsername, 'following', username);
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) });
    },
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
  });
}
