import { useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '@/features/profile';
import type { LiveSocket } from '@/lib/live-socket';
import { rereadQueries } from '@/lib/reread-queries';
import { useServerEvent } from '@/lib/use-server-event';
import { applyCounts } from './use-answer-follow-requests';

/** A request came, was withdrawn or was answered in another tab: the count and the open list follow. */
export function useLiveFollowRequests(socket: LiveSocket | null) {
  const queryClient = useQueryClient();
  useServerEvent(socket, 'follow.requests.changed', ({ followRequestCount }) => {
    applyCounts(queryClient, { followRequestCount });
    void rereadQueries(queryClient, { queryKey: profileKeys.followRequests() });
  });
}
