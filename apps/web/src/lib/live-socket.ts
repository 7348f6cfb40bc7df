import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@datebook/contracts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the Socket.IO connection that pushes live updates to a signed-in user. The token is read on
 * every (re)connection attempt, so a reconnect always presents the newest one. The client library is
 * loaded only now: visitors never download it.
 */
export async function openLiveSocket(accessToken: () => string | null): Promise<LiveSocket> {
  const { io } = await import('socket.io-client');
  return io(window.location.origin, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: (send) => send({ token: accessToken() }),
  });
}
