import { useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, Profile } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { rereadQueries } from '@/lib/reread-queries';
import { useServerEvent } from '@/lib/use-server-event';
import { profileKeys } from '../query-keys';

/**
 * Someone followed or unfollowed the member, or the member did so in another tab, or a private
 * member approved their request: counts change at once, and the lists and profiles involved are
 * fetched again.
 */
export function useLiveFollowUpdates(socket: LiveSocket | null, userId: string) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'follow.changed', (change) => {
    const concernsProfile = (profile: Profile | undefined) =>
      profile?.id === change.followingId || profile?.id === change.followerId;
    if (change.followingId === userId) {
      queryClient.setQueryData<OwnProfile>(
        profileKeys.me(),
        (own) => own && { ...own, followerCount: change.followerCount },
      );
    } else {
      // The member's following count; the api sends only the followed profile's count.
      void rereadQueries(queryClient, { queryKey: profileKeys.me() });
    }
    queryClient.setQueriesData<Profile>({ queryKey: profileKeys.details() }, (profile) =>
      profile?.id === change.followingId
        ? {
            ...profile,
            followerCount: change.followerCount,
            relationship: {
              ...profile.relationship,
              isFollowing: change.followerId === userId ? change.following : profile.relationship.isFollowing,
            },
          }
        : profile,
    );
    // A follow can open a private profile's details, and an unfollow close them.
    void queryClient.invalidateQueries({
      queryKey: profileKeys.details(),
      predicate: (query) => concernsProfile(query.state.data as Profile | undefined),
    });
    void rereadQueries(queryClient, { queryKey: profileKeys.followLists() });
  });
  // A private member said yes: their profile, open here as 'This user is private.', opens up.
  useServerEvent(socket, 'follow.request.approved', ({ followingId }) => {
    void rereadQueries(queryClient, {
      queryKey: profileKeys.details(),
      predicate: (query) => (query.state.data as Profile | undefined)?.id === followingId,
    });
    void rereadQueries(queryClient, { queryKey: profileKeys.me() });
    void rereadQueries(queryClient, { queryKey: profileKeys.followLists() });
  });
}
