import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type Profile } from '@datebook/contracts';
import { errorMessageOf } from '@/lib/field-errors';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { follow, unfollow } from '../api';
import { profileKeys } from '../query-keys';

/**
 * Follows or unfollows `username` (on a private profile: asks, or withdraws the request), showing
 * the change at once: the button and the follower count flip before the api answers, and flip back
 * with the error if it refuses.
 */
export function useFollowToggle(username: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const key = profileKeys.detail(username);

  return useMutation({
    mutationFn: (shouldFollow: boolean) => (shouldFollow ? follow(username) : unfollow(username)),
    onMutate: async (shouldFollow) => {
      // A fetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Profile>(key);
      queryClient.setQueryData<Profile>(key, (profile) => profile && withFollowing(profile, shouldFollow));
      return { previous };
    },
    onError: (error, _shouldFollow, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(errorMessageOf(error, messages.errors.unexpected));
    },
    onSuccess: ({ following, requested, followerCount }) => {
      queryClient.setQueryData<Profile>(
        key,
        (profile) =>
          profile && {
            ...profile,
            followerCount: followerCount ?? profile.followerCount,
            relationship: { ...profile.relationship, isFollowing: following, requested },
          },
      );
    },
    onSettled: () => {
      // Following a private profile opens its details; unfollowing closes them again.
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.followLists() });
    },
  });
}

/**
 * The profile as it will be once the viewer follows it or not; following twice changes nothing.
 * Following a private profile is only a request: it shows Requested and counts nothing yet.
 */
export function withFollowing(profile: Profile, following: boolean): Profile {
  if (following && profile.isPrivate && !profile.relationship.isFollowing) {
    return { ...profile, relationship: { ...profile.relationship, requested: true } };
  }
  if (!following && profile.relationship.requested) {
    return { ...profile, relationship: { ...profile.relationship, requested: false } };
  }
  if (profile.relationship.isFollowing === following) {
    return profile;
  }
  return {
    ...profile,
    followerCount: profile.followerCount === null ? null : profile.followerCount + (following ? 1 : -1),
    relationship: { ...profile.relationship, isFollowing: following },
  };
}
