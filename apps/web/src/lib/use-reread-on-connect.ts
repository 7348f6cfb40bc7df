import { useEffect, useEffectEvent } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveSocket } from './live-socket';
import { rereadQueries } from './reread-queries';
import { useSocketConnection } from './use-server-event';

/**
 * A push is lost when it came before the socket joined (a page read the data just before the thing
 * finished) or while the socket was down. So each time the socket (re)connects, and at once when it
 * already is, the queries under `queryKey` are read again where their data still `waits` (shows
 * processing) or a read is under way (it may predate the push). `queryKey` names queries that all
 * hold `Data`: `waits` is only ever handed what one of them holds, never another feature's shape.
 */
export function useRereadOnConnect<Data>(
  socket: LiveSocket | null,
  queryKey: QueryKey,
  waits: (data: Data) => boolean,
) {
  const queryClient = useQueryClient();
  const reread = () =>
    void rereadQueries(queryClient, {
      queryKey,
      predicate: (query) =>
        query.state.fetchStatus === 'fetching' ||
        (query.state.data !== undefined && waits(query.state.data as Data)),
    });
  useSocketConnection(socket, 'connect', reread);
  const rereadNow = useEffectEvent(reread);
  useEffect(() => {
    // The socket may have connected before the listener above was attached.
    if (socket?.connected) {
      rereadNow();
    }
  }, [socket]);
}
