import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UserSearchPage } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { useServerEvent } from '@/lib/use-server-event';
import { withFollowChange } from '../follow-change';
import { searchKeys } from '../query-keys';

/**
 * The member's follows changed elsewhere: the found member's tile reads Following or Follow at once,
 * so a Requested left from before an approval never withdraws what became a follow.
 */
export function useLiveSearchFollows(socket: LiveSocket | null, userId: string) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'follow.changed', (change) => {
    if (change.followerId !== userId) {
      return;
    }
    queryClient.setQueriesData<InfiniteData<UserSearchPage>>(
      { queryKey: searchKeys.users() },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((user) =>
              user.id === change.followingId ? withFollowChange(user, change) : user,
            ),
          })),
        },
    );
  });
}
