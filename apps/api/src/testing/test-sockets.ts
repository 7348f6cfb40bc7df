import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from '@datebook/contracts';
import { RealtimeGateway } from '../realtime/realtime.gateway';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The origin of an api that listens on a port (`app.listen(0)`). */
export function originOf(app: NestFastifyApplication): string {
  const address = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Resolves once the api's Redis adapter is subscribed: its subscriber connection runs commands in
 * order, so when a PING answers, the PSUBSCRIBE sent before it is live.
 */
export async function adapterSubscribed(app: NestFastifyApplication): Promise<void> {
  const adapter = app.get(RealtimeGateway).server.of('/').adapter as unknown as RedisAdapter;
  await (adapter.subClient as { ping(): Promise<string> }).ping();
}

/** Connects as the web app does; resolves when admitted and rejects with the server's refusal. */
export async function connectSocket(
  origin: string,
  options: {
    auth?: Record<string, unknown>;
    query?: Record<string, string>;
    transports?: Array<'websocket' | 'polling'>;
  } = {},
): Promise<TestSocket> {
  const socket: TestSocket = io(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** The connection error the server refused `options` with. */
export async function refusal(
  origin: string,
  options: Parameters<typeof connectSocket>[1],
): Promise<Error & { data?: unknown }> {
  const outcome = await connectSocket(origin, options).then(
    (socket) => {
      socket.close();
      return undefined;
    },
    (error: unknown) => error as Error & { data?: unknown },
  );
  if (!outcome) {
    throw new Error('The server admitted a connection it should have refused');
  }
  return outcome;
}

/** Events of one name, queued from the moment this is called, awaited in order. */
export function eventsOf<E extends ServerEventName>(socket: TestSocket, event: E) {
  const received: Array<ServerEventPayload<E>> = [];
  const waiters: Array<() => void> = [];
  // Widened to a plain name: the client's typings cannot resolve a listener for a generic event.
  const name: string = event;
  (socket as unknown as Socket).on(name, (payload: ServerEventPayload<E>) => {
    received.push(payload);
    waiters.splice(0).forEach((wake) => wake());
  });
  return {
    received,
    async next(timeoutMs = 15_000): Promise<ServerEventPayload<E>> {
      const deadline = Date.now() + timeoutMs;
      while (received.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(`No "${event}" event within ${timeoutMs} ms`);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.shift()!;
    },
  };
}
