import { Inject } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { DefaultEventsMap, ExtendedError, Server, Socket } from 'socket.io';
import {
  messages,
  PLAN_SOCKET_LIMITS,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAck,
} from '@datebook/contracts';
import { DomainError, LOGGER, Metrics, UnauthenticatedError } from '@datebook/server';
import { Authenticated } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { AuthGuard } from '../auth/auth.guard';

export interface SocketData {
  viewer: Viewer;
  /** Closes the socket when its access token expires, unless a newer token re-authenticates it. */
  expiry?: ReturnType<typeof setTimeout>;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;

/**
 * The one Socket.IO endpoint. A connection is admitted only with a valid access token in
 * `handshake.auth.token` (never the query string, which ends up in access logs), checked exactly as
 * HTTP checks it; the socket then joins its user's room, where api replicas and the worker push.
 * A socket lives no longer than its token: when the token expires the server closes it, unless the
 * client sent the token's successor (`auth.refresh`), which is checked like the handshake's.
 * The class's policy covers the client-message handlers that the plan features will add.
 */
@Authenticated()
@WebSocketGateway({
  path: '/socket.io',
  cors: false,
  serveClient: false,
  transports: ['websocket', 'polling'],
  // No message needs more than a plan operation's cap (PLAN_SOCKET_LIMITS.payloadBytes, answered
  // with a refusal); a frame twice that closes the connection instead of being buffered.
  maxHttpBufferSize: 2 * PLAN_SOCKET_LIMITS.payloadBytes,
})
export class RealtimeGateway implements OnGatewayInit<RealtimeServer> {
  @WebSocketServer()
  server!: RealtimeServer;

  constructor(
    private readonly auth: AuthGuard,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.metrics.watchSockets(() => server.sockets.sockets.size);
    // A middleware refuses before the connection exists: the client gets `connect_error` with the
    // message, and no handler ever sees an unauthenticated socket. The rooms are joined here too,
    // before the client hears it is connected: a client that refetches on `connect` then misses
    // nothing pushed in between.
    server.use((socket, next) => {
      this.authenticate((socket.handshake.auth as Record<string, unknown>).token)
        .then(async (viewer) => {
          await socket.join([userRoom(viewer.sub), sessionRoom(viewer.sid)]);
          this.admit(socket, viewer);
          socket.on('auth.refresh', (payload, ack) => void this.reauthenticate(socket, payload, ack));
          socket.on('disconnect', () => clearTimeout(socket.data.expiry));
        })
        .then(
          () => next(),
          (error: unknown) => {
            const { code, message } = this.refusal(error);
            const refusal: ExtendedError = Object.assign(new Error(message), { data: { code } });
            next(refusal);
          },
        );
    });
  }

  private async authenticate(token: unknown): Promise<Viewer> {
    if (typeof token !== 'string' || token === '') {
      throw new UnauthenticatedError();
    }
    const viewer = await this.auth.viewer(token);
    if (!viewer.complete) {
      throw new UnauthenticatedError(messages.auth.mfaRequired);
    }
    return viewer;
  }

  private admit(socket: RealtimeSocket, viewer: Viewer): void {
    socket.data.viewer = viewer;
    clearTimeout(socket.data.expiry);
    socket.data.expiry = setTimeout(() => socket.disconnect(true), viewer.exp * 1000 - Date.now());
  }

  /**
   * A newer token for the same member keeps the socket open past the old one's expiry. A token of
   * another session of the member (MFA starts a new one) moves the socket to that session's room,
   * so signing that session out closes it.
   */
  private async reauthenticate(socket: RealtimeSocket, payload: unknown, ack: unknown): Promise<void> {
    const answer = typeof ack === 'function' ? (ack as (result: SocketAck) => void) : () => undefined;
    try {
      const token =
        typeof payload === 'object' && payload !== null ? (payload as { token?: unknown }).token : undefined;
      const viewer = await this.authenticate(token);
      const previous = socket.data.viewer;
      if (viewer.sub !== previous.sub) {
        throw new UnauthenticatedError();
      }
      if (viewer.sid !== previous.sid) {
        await socket.leave(sessionRoom(previous.sid));
        await socket.join(sessionRoom(viewer.sid));
      }
      this.admit(socket, viewer);
      answer({ ok: true });
    } catch (error) {
      answer({ ok: false, error: this.refusal(error) });
    }
  }

  /** Why a token was refused, in the api's error words. */
  private refusal(error: unknown): { code: string; message: string } {
    if (error instanceof DomainError) {
      return { code: error.code, message: error.message };
    }
    this.logger.error({ err: error }, 'socket authentication failed unexpectedly');
    return { code: 'INTERNAL', message: messages.errors.unexpected };
  }
}
