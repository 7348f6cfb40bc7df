import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Server, ServerOptions } from 'socket.io';
import { createRedis, socketIoChannel, type AppConfig } from '@datebook/server';

/**
 * Socket.IO over the Redis adapter: a room spans every api replica, and the worker's Redis emitter
 * reaches the same rooms. Subscribing takes a connection over, hence two of our own, opened with the
 * first server and closed after the servers on shutdown.
 */
export class RedisIoAdapter extends IoAdapter {
  private clients?: { pub: Redis; sub: Redis };
  private readonly servers: Server[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: Pick<AppConfig, 'redis'>,
    private readonly log: Logger,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options);
    this.clients ??= { pub: createRedis(this.config, 'command'), sub: createRedis(this.config, 'command') };
    server.adapter(
      createAdapter(publishingSafely(this.clients.pub, this.log), this.clients.sub, {
        key: socketIoChannel(this.config.redis.queuePrefix),
        publishOnSpecificResponseChannel: true,
      }),
    );
    this.servers.push(server);
    return server;
  }

  /**
   * Closes every client's transport, as a replica that goes away does: socket.io-client sees
   * 'transport close' and reconnects by itself (through the load balancer, to another replica).
   * `socket.disconnect()` would send 'io server disconnect' instead, after which it does not.
   */
  disconnectClients(): void {
    this.servers.forEach((server) => server.engine.close());
  }

  override async dispose(): Promise<void> {
    if (this.clients) {
      const { pub, sub } = this.clients;
      this.clients = undefined;
      await Promise.all([pub, sub].map(quitAfterStart));
    }
  }
}

/**
 * The adapter publishes without waiting for the answer. While Redis is down ioredis rejects each
 * publish after its retries, and an unhandled rejection would end the api: a broadcast lost in an
 * outage is logged instead (clients catch up when they rejoin). Everything else goes to the client.
 */
function publishingSafely(client: Redis, logger: Logger): Redis {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'publish') {
        return (channel: string | Buffer, message: string | Buffer) =>
          target.publish(channel, message).catch((error: unknown) => {
            logger.warn({ err: error }, 'broadcast not published');
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Long enough for a local Redis to accept a connection; a Redis that is down must not hold shutdown. */
const START_GRACE_MS = 2_000;

/**
 * The adapter subscribes as soon as it is created, without waiting for the answer. An app closed
 * while its connection is still opening (a test's api, a failed boot) would otherwise drop those
 * queued commands, and their rejections ('Connection is closed') would surface unhandled. Once the
 * connection is ready they are sent, and QUIT, queued behind them, lets them finish.
 */
async function quitAfterStart(client: Redis): Promise<void> {
  if (client.status === 'connecting' || client.status === 'connect' || client.status === 'reconnecting') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, START_GRACE_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('ready', done);
      client.once('end', done);
    });
  }
  if (client.status === 'ready') {
    await client.quit();
  } else {
    client.disconnect();
  }
}
