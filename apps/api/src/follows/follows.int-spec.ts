import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import {
  messages,
  profileMessages,
  userRoom,
  type FollowList,
  type FollowState,
  type Profile,
  type ServerEventPayload,
} from '@datebook/contracts';
import { createRedis, socketIoChannel } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, type TestUser } from '../testing/test-users';

type Requester = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type FollowChanged = ServerEventPayload<'follow.changed'>;

describe('follows', () => {
  const api = useTestApi();
  const follow = (request: Requester, username: string) =>
    request({ method: 'PUT', url: `/api/follows/${username}` });
  const unfollow = (request: Requester, username: string) =>
    request({ method: 'DELETE', url: `/api/follows/${username}` });
  const rows = async (follower: TestUser, following: TestUser) => {
    const [{ n }] = await api.db.query<[{ n: number }]>(
      'SELECT count(*)::int AS n FROM follows WHERE follower_id = $1 AND following_id = $2',
      [follower.id, following.id],
    );
    return n;
  };

  describe('PUT /follows/:username', () => {
    it('follows once, however often it is asked and in whatever case', async () => {
      const fan = await signedIn(api);
      const star = await newUser(api);
      const first = await follow(fan.request, star.username);
      expect(first.statusCode).toBe(200);
      expect(first.json<FollowState>()).toEqual({ following: true, requested: false, followerCount: 1 });
      const again = await follow(fan.request, star.username.toUpperCase());
      expect(again.statusCode).toBe(200);
      expect(again.json<FollowState>()).toEqual({ following: true, requested: false, followerCount: 1 });
      expect(await rows(fan.user, star)).toBe(1);
      const profile = await fan.request({ method: 'GET', url: `/api/profiles/${star.username}` });
      expect(profile.json<Profile>()).toMatchObject({
        followerCount: 1,
        relationship: { isFollowing: true },
      });
    });

    it('asks a private member instead of following them, and opens nothing yet', async () => {
      const fan = await signedIn(api);
      const shy = await newUser(api, { isPrivate: true });
      expect((await follow(fan.request, shy.username)).json<FollowState>()).toEqual({
        following: false,
        requested: true,
        followerCount: null,
      });
      expect(await rows(fan.user, shy)).toBe(0);
      const after = await fan.request({ method: 'GET', url: `/api/profiles/${shy.username}` });
      expect(after.json<Profile>()).toMatchObject({
        visible: false,
        followerCount: null,
        relationship: { isFollowing: false, requested: true },
      });
    });

    it('refuses to follow yourself', async () => {
      const me = await signedIn(api);
      const response = await follow(me.request, me.user.username);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: profileMessages.cannotFollowSelf,
          issues: [{ path: 'username', message: profileMessages.cannotFollowSelf }],
        },
      });
      expect(await rows(me.user, me.user)).toBe(0);
    });

    it('treats an admin as not found, and an unknown member too', async () => {
      const fan = await signedIn(api);
      const admin = await newUser(api, { accessType: 'admin' });
      for (const username of [admin.username, 'nobody_by_that_name']) {
        const response = await follow(fan.request, username);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: messages.loads.failedProfile },
        });
      }
      expect(await rows(fan.user, admin)).toBe(0);
    });

    it('leaves an admin follower out of the count', async () => {
      const admin = await signedIn(api, { accessType: 'admin' });
      const star = await newUser(api);
      expect((await follow(admin.request, star.username)).json<FollowState>()).toEqual({
        following: true,
        requested: false,
        followerCount: 0,
      });
      expect(await rows(admin.user, star)).toBe(1);
    });

    it('needs a session', async () => {
      const star = await newUser(api);
      const response = await follow((options) => api.request(options), star.username);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    });
  });

  describe('DELETE /follows/:username', () => {
    it('unfollows, and unfollowing again changes nothing', async () => {
      const fan = await signedIn(api);
      const star = await newUser(api);
      await follow(fan.request, star.username);
      const first = await unfollow(fan.request, star.username);
      expect(first.statusCode).toBe(200);
      expect(first.json<FollowState>()).toEqual({ following: false, requested: false, followerCount: 0 });
      const again = await unfollow(fan.request, star.username);
      expect(again.json<FollowState>()).toEqual({ following: false, requested: false, followerCount: 0 });
      expect(await rows(fan.user, star)).toBe(0);
    });

    it("stops showing a private profile's count to whoever stops following it", async () => {
      const fan = await signedIn(api);
      const other = await signedIn(api);
      const shy = await newUser(api, { isPrivate: true });
      await api.data.follow(other.user.id, shy.id);
      await api.data.follow(fan.user.id, shy.id);
      const response = await unfollow(fan.request, shy.username);
      expect(response.json<FollowState>()).toEqual({
        following: false,
        requested: false,
        followerCount: null,
      });
    });

    it('refuses yourself, admins, unknown members and visitors like follow does', async () => {
      const me = await signedIn(api);
      const admin = await newUser(api, { accessType: 'admin' });
      expect((await unfollow(me.request, me.user.username)).statusCode).toBe(400);
      expect((await unfollow(me.request, admin.username)).statusCode).toBe(404);
      expect((await unfollow(me.request, 'nobody_by_that_name')).statusCode).toBe(404);
      expect((await unfollow((options) => api.request(options), me.user.username)).statusCode).toBe(401);
    });
  });

  describe('GET /profiles/:username/followers and /following', () => {
    it('pages newest first across three pages with no duplicates or gaps, admins skipped', async () => {
      const star = await newUser(api);
      const fans: TestUser[] = [];
      for (let index = 0; index < 7; index += 1) {
        fans.push(await newUser(api));
      }
      const admin = await newUser(api, { accessType: 'admin' });
      // Several follows share one instant, so the id must break ties; an admin sits in the middle.
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
      const plan: Array<[TestUser, string]> = [
        [fans[0]!, at(0)],
        [fans[1]!, at(1)],
        [fans[2]!, at(1)],
        [fans[3]!, at(1)],
        [admin, at(1)],
        [fans[4]!, at(2)],
        [fans[5]!, at(2)],
        [fans[6]!, at(3)],
      ];
      for (const [fan, createdAt] of plan) {
        await api.db.query(
          'INSERT INTO follows (follower_id, following_id, created_at) VALUES ($1, $2, $3)',
          [fan.id, star.id, createdAt],
        );
      }
      const expectedOrder = await api.db.query<Array<{ follower_id: string }>>(
        `SELECT f.follower_id FROM follows f JOIN profiles p ON p.id = f.follower_id
          WHERE f.following_id = $1 AND p.access_type = 'standard' ORDER BY f.created_at DESC, f.id DESC`,
        [star.id],
      );

      const pages: FollowList[] = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { limit: '3', ...(cursor ? { cursor } : {}) };
        const response = await api.request({
          method: 'GET',
          url: `/api/profiles/${star.username}/followers`,
          query,
        });
        expect(response.statusCode).toBe(200);
        const page = response.json<FollowList>();
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor !== null && pages.length < 5);

      expect(pages.map((page) => page.items.length)).toEqual([3, 3, 1]);
      expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
        expectedOrder.map((row) => row.follower_id),
      );
      expect(pages[0]!.items[0]).toEqual({
        id: fans[6]!.id,
        username: fans[6]!.username,
        displayName: fans[6]!.username,
        avatarUrl: null,
        isFollowing: false,
      });
    });

    it('lists whom a member follows, and says whom the viewer follows among them', async () => {
      const viewer = await signedIn(api);
      const member = await signedIn(api);
      const [a, b] = [await newUser(api), await newUser(api)];
      await follow(member.request, a.username);
      await follow(member.request, b.username);
      await follow(viewer.request, b.username);
      const response = await viewer.request({
        method: 'GET',
        url: `/api/profiles/${member.user.username}/following`,
      });
      expect(response.json<FollowList>()).toEqual({
        items: [
          expect.objectContaining({ id: b.id, isFollowing: true }),
          expect.objectContaining({ id: a.id, isFollowing: false }),
        ],
        nextCursor: null,
      });
    });

    it('pages 20 at a time unless asked, and at most 50', async () => {
      const star = await newUser(api);
      await api.db.query(
        `WITH u AS (INSERT INTO users (email, password_hash)
                     SELECT 'bulk-' || gen_random_uuid() || '@example.com', 'x'
                       FROM generate_series(1, 51) RETURNING id),
              p AS (INSERT INTO profiles (id, username)
                     SELECT id, 'bulk_' || substr(md5(id::text), 1, 20) FROM u RETURNING id)
         INSERT INTO follows (follower_id, following_id) SELECT id, $1 FROM p`,
        [star.id],
      );
      const url = `/api/profiles/${star.username}/followers`;
      const byDefault = (await api.request({ method: 'GET', url })).json<FollowList>();
      expect(byDefault.items).toHaveLength(20);
      const most = (await api.request({ method: 'GET', url, query: { limit: '50' } })).json<FollowList>();
      expect(most.items).toHaveLength(50);
      expect(most.nextCursor).not.toBeNull();
      for (const limit of ['0', '51', 'many']) {
        const response = await api.request({ method: 'GET', url, query: { limit } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', issues: [{ path: 'limit' }] },
        });
      }
    });

    it('refuses a cursor it did not make', async () => {
      const star = await newUser(api);
      const overflowing = Buffer.from('9999999999999999999_1').toString('base64url');
      for (const cursor of ['not a cursor!', Buffer.from('12_abc').toString('base64url'), overflowing]) {
        const response = await api.request({
          method: 'GET',
          url: `/api/profiles/${star.username}/followers`,
          query: { cursor },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: {
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'cursor', message: profileMessages.invalidCursor }],
          },
        });
      }
    });
  });

  describe('live follow.changed events', () => {
    let io: Server;
    let port: number;
    const pubClient = () => createRedis(api.env.config, 'command');
    let redisClients: ReturnType<typeof createRedis>[] = [];
    const sockets: Socket[] = [];

    /** A socket.io server on the Redis adapter and channel of the api's gateway; each socket joins its user's room. */
    beforeAll(async () => {
      const pub = pubClient();
      const sub = pubClient();
      redisClients = [pub, sub];
      const http = createServer();
      io = new Server(http, { transports: ['websocket'] });
      io.adapter(createAdapter(pub, sub, { key: socketIoChannel(api.env.config.redis.queuePrefix) }));
      io.on('connection', (socket) => {
        void socket.join(userRoom(String((socket.handshake.auth as { userId: unknown }).userId)));
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      port = (http.address() as AddressInfo).port;
      // Commands run in order on one connection: once this answers, the adapter's PSUBSCRIBE is live.
      await sub.ping();
    });
    afterAll(async () => {
      sockets.forEach((socket) => socket.disconnect());
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await Promise.all(redisClients.map((client) => client.quit()));
    });

    /** A connected socket for the user and the follow.changed events it receives, in order. */
    const listen = async (user: TestUser) => {
      const socket = connect(`http://127.0.0.1:${port}`, {
        auth: { userId: user.id },
        transports: ['websocket'],
      });
      sockets.push(socket);
      const received: FollowChanged[] = [];
      const waiters: Array<() => void> = [];
      socket.on('follow.changed', (payload: FollowChanged) => {
        received.push(payload);
        waiters.splice(0).forEach((wake) => wake());
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return {
        async next(): Promise<FollowChanged> {
          while (received.length === 0) {
            await new Promise<void>((resolve) => waiters.push(resolve));
          }
          return received.shift()!;
        },
      };
    };

    it("tells the followed member and the follower's own tabs, once per change", async () => {
      const fan = await signedIn(api);
      const star = await newUser(api);
      const [starTabs, fanTabs] = await Promise.all([listen(star), listen(fan.user)]);

      await follow(fan.request, star.username);
      const followed = {
        followerId: fan.user.id,
        followerUsername: fan.user.username,
        followingId: star.id,
        following: true,
        followerCount: 1,
      };
      expect(await starTabs.next()).toEqual(followed);
      expect(await fanTabs.next()).toEqual(followed);

      // A repeated follow changes nothing and announces nothing: the next event is the unfollow.
      await follow(fan.request, star.username);
      await unfollow(fan.request, star.username);
      const unfollowed = { ...followed, following: false, followerCount: 0 };
      expect(await starTabs.next()).toEqual(unfollowed);
      expect(await fanTabs.next()).toEqual(unfollowed);
    });

    it('never tells a member that an admin follows them', async () => {
      const admin = await signedIn(api, { accessType: 'admin' });
      const fan = await signedIn(api);
      const star = await newUser(api);
      const starTabs = await listen(star);
      await follow(admin.request, star.username);
      await follow(fan.request, star.username);
      expect(await starTabs.next()).toMatchObject({ followerId: fan.user.id, followerCount: 1 });
    });

    it("keeps a private profile's count from a member who just stopped following it", async () => {
      const fan = await signedIn(api);
      const shy = await newUser(api, { isPrivate: true });
      const other = await newUser(api);
      // Listening first: the follow's own event is published after its answer and would otherwise
      // race the socket's joining.
      await api.data.follow(fan.user.id, shy.id);
      const fanTabs = await listen(fan.user);
      await unfollow(fan.request, shy.username);
      await follow(fan.request, other.username);
      expect(await fanTabs.next()).toMatchObject({ followingId: other.id, following: true });
    });
  });
});
