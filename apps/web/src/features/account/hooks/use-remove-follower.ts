import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile';
import { removeFollower } from '../api';
import { dropFromFollowList } from './follow-list-cache';
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
      dropFromFollowList(queryClient, ownUsername, 'followers', username);
      applyCounts(queryClient, answer);
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) });
    },
  });
}
