import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { messages, type FollowList } from '@datebook/contracts';
import { unfollow, profileKeys } from '@/features/profile';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';

/** Unfollow from one's own following list: the member leaves the list, the count drops. */
export function useUnfollowFromList(ownUsername: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: unfollow,
    onSuccess: (_state, username) => {
      queryClient.setQueryData<InfiniteData<FollowList>>(
        profileKeys.followList(ownUsername, 'following'),
        (list) =>
          list && {
            ...list,
            pages: list.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.username !== username),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) });
    },
    onError: (error) => toast.error(errorMessageOf(error, messages.errors.unexpected)),
  });
}
