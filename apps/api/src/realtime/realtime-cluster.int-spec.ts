import { userRoom } from '@datebook/contracts';
import { createLogger, createRedis, RealtimePublisher } from '@datebook/server';
import { eventsOf } from '../testing/test-sockets';
import { useTestApiCluster } from '../testing/use-test-api-cluster';
import { newUser, sessionFor } from '../testing/test-users';
import { RealtimeGateway } from './realtime.gateway';

/** Two api processes as production runs them: one signing key, one Redis, one database. */
describe('two api processes', () => {
  const cluster = useTestApiCluster();

  it('deliver to a socket on one what the other emits to its room, and what any publisher sends', async () => {
    const [a, b] = cluster.apps;
    const user = await newUser(cluster.on(a));
    // Issued by B, presented to A: the replicas verify each other's tokens.
    const session = await sessionFor(cluster.on(b), user);
    const socket = await cluster.connect(a, { auth: { token: session.accessToken } });
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
    const redis = createRedis(cluster.env.config, 'command');
    try {
      new RealtimePublisher(
        redis,
        cluster.env.config.redis.queuePrefix,
        createLogger(cluster.env.config, 'worker'),
      ).toUser(user.id, 'profile.updated', update('https://cdn.example/3.jpg'));
      expect(await events.next()).toEqual(update('https://cdn.example/3.jpg'));
    } finally {
      await redis.quit();
    }
    expect(events.received).toEqual([]);
  });
});
