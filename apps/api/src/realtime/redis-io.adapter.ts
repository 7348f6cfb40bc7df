import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createRedis, type AppConfig } from '@datebook/server';

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
      createAdapter(this.clients.pub, this.clients.sub, { publishOnSpecificResponseChannel: true }),
    );
    return server;
  }

  override async dispose(): Promise<void> {
    if (this.clients) {
      await Promise.all([this.clients.pub.quit(), this.clients.sub.quit()]);
      this.clients = undefined;
    }
  }
}
