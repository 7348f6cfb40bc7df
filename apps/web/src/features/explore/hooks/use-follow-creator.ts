import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { messages, type ExploreCreators, type UserSearchResult } from '@datebook/contracts';
import { profileKeys } from '@/features/profile';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { setFollowing } from '../api';
import { exploreKeys } from '../query-keys';

/**
 * Follows or unfollows one creator from their row (or asks a private one, or withdraws the request): the button and the follower count change at
 * once and go back with the error if the api refuses. Each row has its own, so following several
 * creators quickly is fine; only that creator is patched, so one failure undoes only its own change.
 * The list is not fetched again while it is on screen (the api would drop the creator just
 * followed); it is only marked stale, so it refills next time.
 */
export function useFollowCreator(username: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = exploreKeys.creators();

  return useMutation({
    mutationFn: (following: boolean) => setFollowing(username, following),
    onMutate: async (following) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient
        .getQueryData<ExploreCreators>(key)
        ?.items.find((creator) => creator.username === username);
      patchCreator(queryClient, username, (creator) => withFollowing(creator, following));
      return { previous };
    },
    onError: (error, _following, context) => {
      const previous = context?.previous;
      if (previous) {
        patchCreator(queryClient, username, () => previous);
      }
      toast.error(errorMessageOf(error, messages.errors.unexpected));
    },
    onSuccess: ({ following, requested, followerCount }) => {
      patchCreator(queryClient, username, (creator) => ({
        ...creator,
        isFollowing: following,
        requested,
        followerCount: followerCount ?? creator.followerCount,
      }));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(username) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.followLists() });
    },
  });
}

/**
 * The creator as they will be once the viewer follows them or not; following twice changes nothing,
 * following a private creator only asks (Requested comes with the api's answer), and undoing a
 * request only clears it.
 */
export function withFollowing(creator: UserSearchResult, following: boolean): UserSearchResult {
  if (!following && creator.requested) {
    return { ...creator, requested: false };
  }
  if (creator.isFollowing === following || (following && creator.isPrivate)) {
    return creator;
  }
  return {
    ...creator,
    isFollowing: following,
    followerCount:
      creator.followerCount === null ? null : Math.max(0, creator.followerCount + (following ? 1 : -1)),
  };
}

function patchCreator(
  queryClient: QueryClient,
  username: string,
  patch: (creator: UserSearchResult) => UserSearchResult,
) {
  queryClient.setQueryData<ExploreCreators>(
    exploreKeys.creators(),
    (creators) =>
      creators && {
        ...creators,
        items: creators.items.map((creator) => (creator.username === username ? patch(creator) : creator)),
      },
  );
}
