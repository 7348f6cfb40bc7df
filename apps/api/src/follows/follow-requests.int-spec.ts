import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  FOLLOW_REQUEST_LIMIT,
  messages,
  profileMessages,
  type FollowRequestAnswer,
  type FollowRequestList,
  type FollowState,
  type OwnProfile,
  type Profile,
} from '@datebook/contracts';
import type { TestMember } from '@datebook/db/testing';
import { eventsOf } from '../testing/test-sockets';
import { newUser, signedIn } from '../testing/test-users';
import { useTestApi } from '../testing/use-test-api';

type Requester = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Member = Awaited<ReturnType<typeof signedIn>>;

describe('follow requests', () => {
  const api = useTestApi({ listen: true });
  const follow = (as: Member, username: string) =>
    as.request({ method: 'PUT', url: `/api/follows/${username}` });
  const unfollow = (as: Member, username: string) =>
    as.request({ method: 'DELETE', url: `/api/follows/${username}` });
  const answer = (as: Member, action: 'approve' | 'decline', username: string) =>
    as.request({ method: 'POST', url: `/api/follow-requests/${username}/${action}` });
  const answerAll = (as: Member, action: 'approve-all' | 'decline-all') =>
    as.request({ method: 'POST', url: `/api/follow-requests/${action}` });
  const requests = async (as: Member, query: Record<string, string> = {}) =>
    (await as.request({ method: 'GET', url: '/api/follow-requests', query })).json<FollowRequestList>();
  const profileOf = async (request: Requester, username: string) =>
    (await request({ method: 'GET', url: `/api/profiles/${username}` })).json<Profile>();
  const own = async (as: Member) =>
    (await as.request({ method: 'GET', url: '/api/profiles/me' })).json<OwnProfile>();
  const setPrivacy = (as: Member, isPrivate: boolean) =>
    as.request({ method: 'PUT', url: '/api/profiles/me/privacy', payload: { isPrivate } });
  /** The rows themselves: a request and a follow of one pair, never both. */
  const rowsOf = async (from: TestMember, to: TestMember) => {
    const [row] = await api.db.query<Array<{ requests: number; follows: number }>>(
      `SELECT (SELECT count(*)::int FROM follow_requests WHERE requester_id = $1 AND target_id = $2) AS requests,
              (SELECT count(*)::int FROM follows WHERE follower_id = $1 AND following_id = $2) AS follows`,
      [from.id, to.id],
    );
    return row!;
  };
  const requested: FollowState = { following: false, requested: true, followerCount: null };

  describe('asking a private member', () => {
    it('writes one request however often it is asked, shows Requested and opens nothing', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      const first = await follow(fan, shy.user.username);
      expect(first.statusCode).toBe(200);
      expect(first.json<FollowState>()).toEqual(requested);
      expect((await follow(fan, shy.user.username.toUpperCase())).json<FollowState>()).toEqual(requested);
      expect(await rowsOf(fan.user, shy.user)).toEqual({ requests: 1, follows: 0 });
      expect(await profileOf(fan.request, shy.user.username)).toMatchObject({
        visible: false,
        followerCount: null,
        tags: null,
        relationship: { isFollowing: false, requested: true },
      });
      expect(await own(shy)).toMatchObject({ followRequestCount: 1, followerCount: 0 });
    });

    it('follows a public member at once, as before', async () => {
      const fan = await signedIn(api);
      const star = await newUser(api);
      expect((await follow(fan, star.username)).json<FollowState>()).toEqual({
        following: true,
        requested: false,
        followerCount: 1,
      });
      expect(await rowsOf(fan.user, star)).toEqual({ requests: 0, follows: 1 });
    });

    it('refuses yourself (400) and an admin (404) without writing a request', async () => {
      const me = await signedIn(api, { isPrivate: true });
      const admin = await newUser(api, { accessType: 'admin', isPrivate: true });
      const self = await follow(me, me.user.username);
      expect(self.statusCode).toBe(400);
      expect(self.json()).toMatchObject({ error: { message: profileMessages.cannotFollowSelf } });
      const toAdmin = await follow(me, admin.username);
      expect(toAdmin.statusCode).toBe(404);
      expect(toAdmin.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.loads.failedProfile } });
      expect(await rowsOf(me.user, admin)).toEqual({ requests: 0, follows: 0 });
    });

    it("keeps an admin's follow immediate and uncounted, as admins are never listed", async () => {
      const admin = await signedIn(api, { accessType: 'admin' });
      const shy = await signedIn(api, { isPrivate: true });
      expect((await follow(admin, shy.user.username)).json<FollowState>()).toEqual({
        following: true,
        requested: false,
        followerCount: 0,
      });
      expect(await own(shy)).toMatchObject({ followRequestCount: 0, followerCount: 0 });
    });

    it('withdraws with DELETE; the request then cannot be approved or declined (409)', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const withdrawn = await unfollow(fan, shy.user.username);
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json<FollowState>()).toEqual({
        following: false,
        requested: false,
        followerCount: null,
      });
      for (const action of ['approve', 'decline'] as const) {
        const late = await answer(shy, action, fan.user.username);
        expect(late.statusCode).toBe(409);
        expect(late.json()).toEqual({
          error: { code: 'CONFLICT', message: profileMessages.requestNotPending },
        });
      }
      expect(await rowsOf(fan.user, shy.user)).toEqual({ requests: 0, follows: 0 });
      expect(await profileOf(fan.request, shy.user.username)).toMatchObject({
        visible: false,
        relationship: { isFollowing: false, requested: false },
      });
    });

    it('allows so many new requests an hour, then 429; repeats and public follows do not count', async () => {
      const fan = await signedIn(api);
      const targets = [];
      for (let index = 0; index <= FOLLOW_REQUEST_LIMIT.perHour; index += 1) {
        targets.push(await api.data.newMember({ isPrivate: true }));
      }
      for (const target of targets.slice(0, FOLLOW_REQUEST_LIMIT.perHour)) {
        expect((await follow(fan, target.username)).json<FollowState>()).toEqual(requested);
      }
      const over = await follow(fan, targets.at(-1)!.username);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(over.headers['retry-after']).toBeDefined();
      expect(await rowsOf(fan.user, targets.at(-1)!)).toEqual({ requests: 0, follows: 0 });
      // Asking again where a request waits writes nothing, and a public member is followed at once.
      expect((await follow(fan, targets[0]!.username)).json<FollowState>()).toEqual(requested);
      const star = await newUser(api);
      expect((await follow(fan, star.username)).json<FollowState>()).toMatchObject({ following: true });
    });
  });

  describe("the private member's answers", () => {
    it('lists pending requests newest first, paged, with their total; only their own', async () => {
      const shy = await signedIn(api, { isPrivate: true });
      const other = await signedIn(api, { isPrivate: true });
      const fans = [await signedIn(api), await signedIn(api), await signedIn(api)];
      for (const fan of fans) {
        await follow(fan, shy.user.username);
      }
      await follow(fans[0]!, other.user.username);
      const first = await requests(shy, { limit: '2' });
      expect(first.total).toBe(3);
      expect(first.items).toEqual([
        {
          id: fans[2]!.user.id,
          username: fans[2]!.user.username,
          displayName: fans[2]!.user.username,
          avatarUrl: null,
          requestedAt: expect.any(String) as string,
        },
        expect.objectContaining({ id: fans[1]!.user.id }),
      ]);
      const second = await requests(shy, { limit: '2', cursor: first.nextCursor! });
      expect(second).toEqual({
        items: [expect.objectContaining({ id: fans[0]!.user.id })],
        nextCursor: null,
        total: 3,
      });
      expect((await requests(other)).items.map((item) => item.id)).toEqual([fans[0]!.user.id]);
      // Another member cannot answer shy's requests: for them there is none.
      expect((await answer(other, 'approve', fans[1]!.user.username)).statusCode).toBe(409);
      expect(await rowsOf(fans[1]!.user, shy.user)).toEqual({ requests: 1, follows: 0 });
    });

    it('approves one: the requester becomes a follower and sees the profile', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const approved = await answer(shy, 'approve', fan.user.username);
      expect(approved.statusCode).toBe(200);
      expect(approved.json<FollowRequestAnswer>()).toEqual({ followRequestCount: 0, followerCount: 1 });
      expect(await rowsOf(fan.user, shy.user)).toEqual({ requests: 0, follows: 1 });
      expect(await profileOf(fan.request, shy.user.username)).toMatchObject({
        visible: true,
        followerCount: 1,
        relationship: { isFollowing: true, requested: false },
      });
      expect((await follow(fan, shy.user.username)).json<FollowState>()).toEqual({
        following: true,
        requested: false,
        followerCount: 1,
      });
    });

    it('declines one without telling the requester, who may ask again', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const declined = await answer(shy, 'decline', fan.user.username);
      expect(declined.json<FollowRequestAnswer>()).toEqual({ followRequestCount: 0, followerCount: 0 });
      expect(await profileOf(fan.request, shy.user.username)).toMatchObject({
        visible: false,
        relationship: { isFollowing: false, requested: false },
      });
      expect((await follow(fan, shy.user.username)).json<FollowState>()).toEqual(requested);
    });

    it('approves all and declines all', async () => {
      const shy = await signedIn(api, { isPrivate: true });
      const [a, b, c] = [await signedIn(api), await signedIn(api), await signedIn(api)];
      await follow(a, shy.user.username);
      await follow(b, shy.user.username);
      expect((await answerAll(shy, 'approve-all')).json<FollowRequestAnswer>()).toEqual({
        followRequestCount: 0,
        followerCount: 2,
      });
      await follow(c, shy.user.username);
      expect((await answerAll(shy, 'decline-all')).json<FollowRequestAnswer>()).toEqual({
        followRequestCount: 0,
        followerCount: 2,
      });
      expect(await rowsOf(c.user, shy.user)).toEqual({ requests: 0, follows: 0 });
      expect((await answerAll(shy, 'approve-all')).json<FollowRequestAnswer>()).toEqual({
        followRequestCount: 0,
        followerCount: 2,
      });
    });

    it('removes a follower, who then sees the private profile no more; a non-follower is a 404', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await api.data.follow(fan.user.id, shy.user.id);
      const removed = await shy.request({ method: 'DELETE', url: `/api/followers/${fan.user.username}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json<FollowRequestAnswer>()).toEqual({ followRequestCount: 0, followerCount: 0 });
      expect(await profileOf(fan.request, shy.user.username)).toMatchObject({ visible: false });
      const again = await shy.request({ method: 'DELETE', url: `/api/followers/${fan.user.username}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: { code: 'NOT_FOUND', message: profileMessages.notAFollower } });
      const unknown = await answer(shy, 'approve', 'nobody_by_that_name');
      expect(unknown.statusCode).toBe(404);
    });

    it('needs a session for every route', async () => {
      const routes: InjectOptions[] = [
        { method: 'GET', url: '/api/follow-requests' },
        { method: 'POST', url: '/api/follow-requests/someone/approve' },
        { method: 'POST', url: '/api/follow-requests/someone/decline' },
        { method: 'POST', url: '/api/follow-requests/approve-all' },
        { method: 'POST', url: '/api/follow-requests/decline-all' },
        { method: 'DELETE', url: '/api/followers/someone' },
      ];
      for (const route of routes) {
        expect((await api.request(route)).statusCode).toBe(401);
      }
    });
  });

  describe('privacy', () => {
    it('turning public approves every pending request at once; turning private keeps followers', async () => {
      const shy = await signedIn(api, { isPrivate: true });
      const [a, b] = [await signedIn(api), await signedIn(api)];
      await follow(a, shy.user.username);
      await follow(b, shy.user.username);
      const open = await setPrivacy(shy, false);
      expect(open.statusCode).toBe(200);
      expect(open.json<OwnProfile>()).toMatchObject({
        isPrivate: false,
        followRequestCount: 0,
        followerCount: 2,
      });
      expect(await rowsOf(a.user, shy.user)).toEqual({ requests: 0, follows: 1 });
      expect(await rowsOf(b.user, shy.user)).toEqual({ requests: 0, follows: 1 });
      const closed = await setPrivacy(shy, true);
      expect(closed.json<OwnProfile>()).toMatchObject({ isPrivate: true, followerCount: 2 });
      expect(await profileOf(a.request, shy.user.username)).toMatchObject({ visible: true });
    });

    it("a requester's deleted account takes its requests with it", async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const deleted = await fan.request({
        method: 'DELETE',
        url: '/api/auth/user',
        payload: { currentPassword: fan.user.password },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await own(shy)).toMatchObject({ followRequestCount: 0 });
      expect(await requests(shy)).toEqual({ items: [], nextCursor: null, total: 0 });
      expect((await answer(shy, 'approve', fan.user.username)).statusCode).toBe(404);
    });
  });

  describe('races', () => {
    it('of two approvals at once one wins and the other is a 409, with one follow written', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const statuses = (
        await Promise.all([
          answer(shy, 'approve', fan.user.username),
          answer(shy, 'approve', fan.user.username),
        ])
      ).map((response) => response.statusCode);
      expect(statuses.sort()).toEqual([200, 409]);
      expect(await rowsOf(fan.user, shy.user)).toEqual({ requests: 0, follows: 1 });
    });

    it('an approval and a decline at once: one answers, the other is a 409', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const [approved, declined] = await Promise.all([
        answer(shy, 'approve', fan.user.username),
        answer(shy, 'decline', fan.user.username),
      ]);
      expect([approved.statusCode, declined.statusCode].sort()).toEqual([200, 409]);
      expect(await rowsOf(fan.user, shy.user)).toEqual({
        requests: 0,
        follows: approved.statusCode === 200 ? 1 : 0,
      });
    });

    it('an approval racing a withdrawal leaves a follow or nothing, never both rows nor a 500', async () => {
      const fan = await signedIn(api);
      const shy = await signedIn(api, { isPrivate: true });
      await follow(fan, shy.user.username);
      const [approved, withdrawn] = await Promise.all([
        answer(shy, 'approve', fan.user.username),
        unfollow(fan, shy.user.username),
      ]);
      expect([200, 409]).toContain(approved.statusCode);
      expect(withdrawn.statusCode).toBe(200);
      const rows = await rowsOf(fan.user, shy.user);
      expect(rows.requests).toBe(0);
      expect(rows.follows).toBeLessThanOrEqual(1);
    });

    it('requests written while the member turns public end as follows, none left pending', async () => {
      const shy = await signedIn(api, { isPrivate: true });
      const fans = [await signedIn(api), await signedIn(api), await signedIn(api), await signedIn(api)];
      const [, ...answers] = await Promise.all([
        setPrivacy(shy, false),
        ...fans.map((fan) => follow(fan, shy.user.username)),
      ]);
      expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      for (const fan of fans) {
        expect(await rowsOf(fan.user, shy.user)).toEqual({ requests: 0, follows: 1 });
      }
      expect(await own(shy)).toMatchObject({ followRequestCount: 0, followerCount: 4 });
    });
  });

  describe('live', () => {
    const socketOf = (member: Member) => api.connect({ auth: { token: member.session.accessToken } });

    it("tells the member's tabs the new request count on every change", async () => {
      const [fan, other] = [await signedIn(api), await signedIn(api)];
      const shy = await signedIn(api, { isPrivate: true });
      const counts = eventsOf(await socketOf(shy), 'follow.requests.changed');
      await follow(fan, shy.user.username);
      expect(await counts.next()).toEqual({ followRequestCount: 1 });
      await follow(other, shy.user.username);
      expect(await counts.next()).toEqual({ followRequestCount: 2 });
      await unfollow(fan, shy.user.username);
      expect(await counts.next()).toEqual({ followRequestCount: 1 });
      await answer(shy, 'decline', other.user.username);
      expect(await counts.next()).toEqual({ followRequestCount: 0 });
    });

    it('opens the profile to the requester the moment it is approved, one by one or by turning public', async () => {
      const [fan, other] = [await signedIn(api), await signedIn(api)];
      const shy = await signedIn(api, { isPrivate: true });
      const fanSocket = await socketOf(fan);
      const approvals = eventsOf(fanSocket, 'follow.request.approved');
      const fanFollows = eventsOf(fanSocket, 'follow.changed');
      const shyFollows = eventsOf(await socketOf(shy), 'follow.changed');
      const otherApprovals = eventsOf(await socketOf(other), 'follow.request.approved');

      await follow(fan, shy.user.username);
      await answer(shy, 'approve', fan.user.username);
      expect(await approvals.next()).toEqual({
        followingId: shy.user.id,
        followingUsername: shy.user.username,
      });
      const followed = {
        followerId: fan.user.id,
        followerUsername: fan.user.username,
        followingId: shy.user.id,
        following: true,
        followerCount: 1,
      };
      expect(await fanFollows.next()).toEqual(followed);
      expect(await shyFollows.next()).toEqual(followed);

      await follow(other, shy.user.username);
      await setPrivacy(shy, false);
      expect(await otherApprovals.next()).toEqual({
        followingId: shy.user.id,
        followingUsername: shy.user.username,
      });
      expect(await shyFollows.next()).toMatchObject({ followerId: other.user.id, followerCount: 2 });
    });
  });
});
