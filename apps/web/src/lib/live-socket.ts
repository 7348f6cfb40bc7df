import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@datebook/contracts';
import { liveSocketRegistry } from './live-socket-registry';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the Socket.IO connection that pushes live updates to a signed-in user. The token is read on
 * every (re)connection attempt, so a reconnect always presents the newest one. The client library is
 * loaded only now: visitors never download it.
 */
export async function openLiveSocket(accessToken: () => string | null): Promise<LiveSocket> {
  const { io } = await import('socket.io-client');
  const socket: LiveSocket = io(window.location.origin, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: (send) => send({ token: accessToken() }),
  });
  // Screens that speak over the socket (a plan's editor) find it here until the app closes it.
  liveSocketRegistry.publish(socket);
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') {
      liveSocketRegistry.withdraw(socket);
    } else if (reason === 'io server disconnect' && accessToken() !== null) {
      // After this reason, unlike a closed transport, socket.io-client does not come back by itself.
      // A replica that goes away closes transports; one that drops us on purpose (an expired
      // token) refuses the handshake, and the session's next token reconnects.
      socket.connect();
    }
  });
  return socket;
}
