import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEventName, ServerToClientEvents } from '@datebook/contracts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One client's connection history, as the test observes it. */
export interface SocketRecord {
  socket: LiveSocket;
  connects: number;
  /** Reasons socket.io-client gave for each disconnect. */
  disconnects: string[];
  /** Events of the watched name received since the latest connect. */
  eventsSinceConnect: number;
}

/**
 * Clients that connect as the web app does (WebSocket, reconnecting by themselves) with `token`,
 * and count the `event`s pushed to them.
 */
export async function connectLiveSocket(
  baseUrl: string,
  token: string,
  event: ServerEventName,
): Promise<SocketRecord> {
  const socket: LiveSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  });
  const record: SocketRecord = { socket, connects: 0, disconnects: [], eventsSinceConnect: 0 };
  socket.on('connect', () => {
    record.connects += 1;
    record.eventsSinceConnect = 0;
  });
  socket.on('disconnect', (reason) => record.disconnects.push(reason));
  // Widened to a plain name: the client's typings cannot resolve a listener for a generic event.
  (socket as unknown as Socket).on(event, () => {
    record.eventsSinceConnect += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return record;
}
