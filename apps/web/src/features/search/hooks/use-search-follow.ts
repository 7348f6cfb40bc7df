import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import {
  messages,
  type FollowState,
  type Profile,
  type UserSearchPage,
  type UserSearchResult,
} from '@datebook/contracts';
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

  /** Before the api answers (`answer` undefined), then as it answered. */
  const patch = (change: FollowChange, answer?: FollowState) => {
    if (change.asks && !answer) {
      return;
    }
    const settle = <T extends FollowView>(view: T): T =>
      answer ? answered(view, answer) : withFollowing(view, change.following);
    for (const [key, data] of queryClient.getQueriesData<InfiniteData<UserSearchPage>>({
      queryKey: searchKeys.users(),
    })) {
      if (data?.pages.some((page) => page.items.some((user) => user.id === change.id))) {
        queryClient.setQueryData<InfiniteData<UserSearchPage>>(key, {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((user) => (user.id === change.id ? settle(user) : user)),
          })),
        });
      }
    }
    queryClient.setQueryData<Profile>(profileKeys.detail(change.username), (profile) => {
      if (!profile) {
        return profile;
      }
      const { isFollowing, requested, followerCount } = settle({
        isFollowing: profile.relationship.isFollowing,
        requested: profile.relationship.requested,
        followerCount: profile.followerCount,
      });
      return { ...profile, followerCount, relationship: { ...profile.relationship, isFollowing, requested } };
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
    onSuccess: (answer, change) => patch(change, answer),
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
  };
}

/** What a search result and a profile both say about the viewer's follow. */
type FollowView = Pick<UserSearchResult, 'isFollowing' | 'requested'> & { followerCount: number | null };

/**
 * The member as they will be once followed or not; following twice changes nothing, and undoing a
 * request only clears it (asking waits for the api's answer).
 */
function withFollowing<T extends FollowView>(view: T, following: boolean): T {
  if (!following && view.requested) {
    return { ...view, requested: false };
  }
  if (view.isFollowing === following || view.followerCount === null) {
    return { ...view, isFollowing: following };
  }
  return { ...view, isFollowing: following, followerCount: view.followerCount + (following ? 1 : -1) };
}

/** The member as the api says they are now; a count it no longer shows stays as it was. */
function answered<T extends FollowView>(view: T, answer: FollowState): T {
  return {
    ...view,
    isFollowing: answer.following,
    requested: answer.requested,
    followerCount: answer.followerCount ?? view.followerCount,
  };
}
