import { useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, Profile } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { useServerEvent } from '@/lib/use-server-event';
import { profileKeys } from '../query-keys';

/** The member's profile changed elsewhere (a processed avatar, another tab's edit): show it here too. */
export function useLiveProfileUpdates(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'profile.updated', ({ userId, avatarUrl, displayName, username }) => {
    const change = { avatarUrl, displayName, username };
    queryClient.setQueryData<OwnProfile>(profileKeys.me(), (own) => own && { ...own, ...change });
    queryClient.setQueriesData<Profile>({ queryKey: profileKeys.details() }, (profile) =>
      profile?.id === userId ? { ...profile, ...change } : profile,
    );
  });
}
