import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { messages, type Profile, type UserSearchPage, type UserSearchResult } from '@datebook/contracts';
import { profileKeys } from '@/features/profile';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { setFollowing } from '../api';
import { searchKeys } from '../query-keys';

export interface FollowChange {
  id: string;
  username: string;
  following: boolean;
  /** Following a private member only asks: nothing is counted until they approve. */
  asks: boolean;
}

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Follow or unfollow from a user tile or the author popup (spec section 4): the button and the
 * follower count change by one at once on every search result and the cached profile, go back with
 * the error if the api refuses, and settle on the api's count. Asking a private member changes
 * nothing until the api answers that the request waits.
 */
export function useSearchFollow() {
  const queryClient = useQueryClient();
  const toast = useToast();

  const patch = (change: FollowChange, followerCount?: number | null, requested?: boolean) => {
    if (change.asks && followerCount === undefined) {
      return;
    }
    for (const [key, data] of queryClient.getQueriesData<InfiniteData<UserSearchPage>>({
      queryKey: searchKeys.users(),
    })) {
      if (data?.pages.some((page) => page.items.some((user) => user.id === change.id))) {
        queryClient.setQueryData<InfiniteData<UserSearchPage>>(key, {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((user) =>
              user.id === change.id ? withFollowing(user, change.following, followerCount) : user,
            ),
          })),
        });
      }
    }
    queryClient.setQueryData<Profile>(profileKeys.detail(change.username), (profile) => {
      if (!profile) {
        return profile;
      }
      const counted = withFollowing(
        { isFollowing: profile.relationship.isFollowing, followerCount: profile.followerCount },
        change.following,
        followerCount,
      );
      return {
        ...profile,
        followerCount: counted.followerCount,
        relationship: {
          ...profile.relationship,
          isFollowing: counted.isFollowing,
          requested: requested ?? profile.relationship.requested,
        },
      };
    });
  };

  const mutation = useMutation({
    mutationFn: (change: FollowChange) => setFollowing(change.username, change.following),
    onMutate: async (change) => {
      // A page landing now would put the old state back over the new one.
      await queryClient.cancelQueries({ queryKey: searchKeys.users() });
      await queryClient.cancelQueries({ queryKey: profileKeys.detail(change.username) });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: searchKeys.users() }),
        [profileKeys.detail(change.username), queryClient.getQueryData(profileKeys.detail(change.username))],
      ];
      patch(change);
      return { snapshot };
    },
    onError: (error, _change, context) => {
      for (const [key, data] of context?.snapshot ?? []) {
        queryClient.setQueryData(key, data);
      }
      toast.error(errorMessageOf(error, messages.errors.unexpected));
    },
    onSuccess: ({ following, requested, followerCount }, change) =>
      patch({ ...change, following }, followerCount, requested),
    onSettled: (_state, _error, change) => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(change.username) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.followLists() });
    },
  });

  return {
    /** Follows (or asks) or undoes; a second click while the first is on its way is ignored. */
    toggle: (
      user: { id: string; username: string; isFollowing: boolean; isPrivate: boolean },
      follow: boolean,
    ) => {
      if (!mutation.isPending) {
        mutation.mutate({
          id: user.id,
          username: user.username,
          following: follow,
          asks: follow && user.isPrivate && !user.isFollowing,
        });
      }
    },
    pending: mutation.isPending,
    /** This button's last answer left a request waiting. */
    requested: mutation.data?.requested ?? false,
  };
}

/**
 * The member as they are once followed or not; following twice changes nothing. `exact` is the
 * api's own count when it has answered.
 */
function withFollowing<T extends Pick<UserSearchResult, 'isFollowing'> & { followerCount: number | null }>(
  user: T,
  following: boolean,
  exact?: number | null,
): T {
  if (exact !== undefined) {
    return { ...user, isFollowing: following, followerCount: exact ?? user.followerCount };
  }
  if (user.isFollowing === following || user.followerCount === null) {
    return { ...user, isFollowing: following };
  }
  return { ...user, isFollowing: following, followerCount: user.followerCount + (following ? 1 : -1) };
}
