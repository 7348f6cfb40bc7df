import { Inject } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { DefaultEventsMap, ExtendedError, Server, Socket } from 'socket.io';
import {
  messages,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@datebook/contracts';
import { DomainError, LOGGER, UnauthenticatedError } from '@datebook/server';
import { Authenticated } from '../auth/auth.decorators';
import type { Viewer } from '../auth/viewer';
import { AuthGuard } from '../auth/auth.guard';

export interface SocketData {
  viewer: Viewer;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;

/**
 * The one Socket.IO endpoint. A connection is admitted only with a valid access token in
 * `handshake.auth.token` (never the query string, which ends up in access logs), checked exactly as
 * HTTP checks it; the socket then joins its user's room, where api replicas and the worker push.
 * The class's policy covers the client-message handlers that the plan features will add.
 */
@Authenticated()
@WebSocketGateway({
  path: '/socket.io',
  cors: false,
  serveClient: false,
  transports: ['websocket', 'polling'],
})
export class RealtimeGateway implements OnGatewayInit<RealtimeServer> {
  @WebSocketServer()
  server!: RealtimeServer;

  constructor(
    private readonly auth: AuthGuard,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: RealtimeServer): void {
    // A middleware refuses before the connection exists: the client gets `connect_error` with the
    // message, and no handler ever sees an unauthenticated socket. The rooms are joined here too,
    // before the client hears it is connected: a client that refetches on `connect` then misses
    // nothing pushed in between.
    server.use((socket, next) => {
      this.authenticate(socket)
        .then(() => socket.join([userRoom(socket.data.viewer.sub), sessionRoom(socket.data.viewer.sid)]))
        .then(
          () => next(),
          (error: unknown) => next(this.refusal(error)),
        );
    });
  }

  private async authenticate(socket: RealtimeSocket): Promise<void> {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '') {
      throw new UnauthenticatedError();
    }
    const viewer = await this.auth.viewer(token);
    if (!viewer.complete) {
      throw new UnauthenticatedError(messages.auth.mfaRequired);
    }
    socket.data.viewer = viewer;
  }

  private refusal(error: unknown): ExtendedError {
    if (error instanceof DomainError) {
      return Object.assign(new Error(error.message), { data: { code: error.code } });
    }
    this.logger.error({ err: error }, 'socket authentication failed unexpectedly');
    return Object.assign(new Error(messages.errors.unexpected), { data: { code: 'INTERNAL' } });
  }
}
