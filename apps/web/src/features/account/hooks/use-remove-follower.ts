import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { FollowList } from '@datebook/contracts';
import { profileKeys } from '@/features/profile';
import { removeFollower } from '../api';
import { applyCounts } from './use-answer-follow-requests';

/**
 * Remove a member from one's own followers: they leave the list, the count becomes the api's. The
 * confirmation that asks shows a refusal itself.
 */
export function useRemoveFollower(ownUsername: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFollower,
    onSuccess: (answer, username) => {
      queryClient.setQueryData<InfiniteData<FollowList>>(
        profileKeys.followList(ownUsername, 'followers'),
        (list) =>
          list && {
            ...list,
            pages: list.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.username !== username),
            })),
          },
      );
      applyCounts(queryClient, answer);
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) });
    },
  });
}
