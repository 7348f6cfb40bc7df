import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateKeyPairSync } from 'node:crypto';
import { userRoom } from '@datebook/contracts';
import { createLogger, createRedis, RealtimePublisher } from '@datebook/server';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { createApiApp } from '../app.factory';
import type { TestApi } from '../testing/test-api';
import {
  adapterSubscribed,
  connectSocket,
  eventsOf,
  originOf,
  type TestSocket,
} from '../testing/test-sockets';
import { newUser, sessionFor } from '../testing/test-users';
import { RealtimeGateway } from './realtime.gateway';

/** Two api processes as production runs them: one signing key, one Redis, one database. */
describe('two api processes', () => {
  let env: TestEnvironment;
  let apps: NestFastifyApplication[];
  let socket: TestSocket | undefined;

  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    env = await createTestEnvironment({
      AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    apps = await Promise.all([createApiApp(env.config), createApiApp(env.config)]);
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await adapterSubscribed(app);
    }
  });
  afterAll(async () => {
    socket?.close();
    await Promise.all(apps.map((app) => app.close()));
    await env.cleanup();
  });

  const asTestApi = (app: NestFastifyApplication): TestApi => ({
    app,
    env,
    request: (options) => app.getHttpAdapter().getInstance().inject(options),
    close: () => app.close(),
  });

  it('deliver to a socket on one what the other emits to its room, and what any publisher sends', async () => {
    const [a, b] = apps as [NestFastifyApplication, NestFastifyApplication];
    const user = await newUser(asTestApi(a));
    // Issued by B, presented to A: the replicas verify each other's tokens.
    const session = await sessionFor(asTestApi(b), user);
    socket = await connectSocket(originOf(a), { auth: { token: session.accessToken } });
    const events = eventsOf(socket, 'profile.updated');
    const update = (avatarUrl: string) => ({
      userId: user.id,
      username: user.username,
      displayName: null,
      avatarUrl,
    });

    b.get(RealtimeGateway)
      .server.to(userRoom(user.id))
      .emit('profile.updated', update('https://cdn.example/1.jpg'));
    expect(await events.next()).toEqual(update('https://cdn.example/1.jpg'));

    b.get(RealtimePublisher).toUser(user.id, 'profile.updated', update('https://cdn.example/2.jpg'));
    expect(await events.next()).toEqual(update('https://cdn.example/2.jpg'));

    // The worker's way: an emitter on a connection of its own, outside any api.
    const redis = createRedis(env.config, 'command');
    try {
      new RealtimePublisher(redis, env.config.redis.queuePrefix, createLogger(env.config, 'worker')).toUser(
        user.id,
        'profile.updated',
        update('https://cdn.example/3.jpg'),
      );
      expect(await events.next()).toEqual(update('https://cdn.example/3.jpg'));
    } finally {
      await redis.quit();
    }
    expect(events.received).toEqual([]);
  });
});
