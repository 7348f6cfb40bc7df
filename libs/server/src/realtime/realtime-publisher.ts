import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import {
  sessionRoom,
  userRoom,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@datebook/contracts';
import { pushEvent } from './server-events';

/**
 * The Redis channel prefix of the Socket.IO adapter and emitter. Deployments sharing one Redis
 * (and test runs, each with its own QUEUE_PREFIX) must not hear each other's rooms: two databases
 * can hold a plan or a user with the same id.
 */
export function socketIoChannel(queuePrefix: string): string {
  return `${queuePrefix}:socket.io`;
}

/**
 * Pushes live events to browsers from any process (api replica or worker) through the Redis
 * adapter's channel: no queue hop, no socket id, only rooms. Events are validated against their
 * contract first (`pushEvent`), so a malformed payload fails here rather than in every open tab.
 */
export class RealtimePublisher {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(redis: Redis, queuePrefix: string, logger: Logger) {
    // The emitter publishes without waiting for the answer. While Redis is down ioredis rejects each
    // publish after its retries, and an unhandled rejection ends the process (api or worker). A live
    // event is best-effort (tabs refetch when they reconnect), so a lost one is logged, not fatal.
    const publisher = {
      publish: (channel: string, message: string | Buffer) =>
        redis.publish(channel, message).catch((error: unknown) => {
          logger.warn({ err: error, channel }, 'live event not published');
          return 0;
        }),
    };
    this.emitter = new Emitter<ServerToClientEvents>(publisher, { key: socketIoChannel(queuePrefix) });
  }

  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void {
    pushEvent(this.emitter.to(userRoom(userId)), event, payload);
  }

  /** Closes the sockets of ended sessions on every api replica: a signed-out tab stops receiving. */
  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length > 0) {
      this.emitter.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    }
  }
}
