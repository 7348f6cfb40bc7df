import { useQueryClient } from '@tanstack/react-query';
import type { ExploreCreators } from '@datebook/contracts';
import { withFollowChange } from '@/features/search';
import type { LiveSocket } from '@/lib/live-socket';
import { useServerEvent } from '@/lib/use-server-event';
import { exploreKeys } from '../query-keys';

/**
 * The member's follows changed elsewhere: the creator's row reads Following or Follow at once. The
 * list stays as it is on screen, as after following from the row.
 */
export function useLiveCreatorFollows(socket: LiveSocket | null, userId: string) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'follow.changed', (change) => {
    if (change.followerId !== userId) {
      return;
    }
    queryClient.setQueryData<ExploreCreators>(
      exploreKeys.creators(),
      (creators) =>
        creators && {
          ...creators,
          items: creators.items.map((creator) =>
            creator.id === change.followingId ? withFollowChange(creator, change) : creator,
          ),
        },
    );
  });
}
