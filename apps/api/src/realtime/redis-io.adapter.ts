import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createRedis, socketIoChannel, type AppConfig } from '@datebook/server';

/**
 * Socket.IO over the Redis adapter: a room spans every api replica, and the worker's Redis emitter
 * reaches the same rooms. Subscribing takes a connection over, hence two of our own, opened with the
 * first server and closed after the servers on shutdown.
 */
export class RedisIoAdapter extends IoAdapter {
  private clients?: { pub: Redis; sub: Redis };

  constructor(
    app: INestApplicationContext,
    private readonly config: Pick<AppConfig, 'redis'>,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options);
    this.clients ??= { pub: createRedis(this.config, 'command'), sub: createRedis(this.config, 'command') };
    server.adapter(
      createAdapter(this.clients.pub, this.clients.sub, {
        key: socketIoChannel(this.config.redis.queuePrefix),
        publishOnSpecificResponseChannel: true,
      }),
    );
    return server;
  }

  override async dispose(): Promise<void> {
    if (this.clients) {
      const { pub, sub } = this.clients;
      this.clients = undefined;
      await Promise.all([pub, sub].map(quitAfterStart));
    }
  }
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
