import type { LightMyRequestResponse } from 'fastify';
import type {
  CollaboratorChoiceList,
  ExploreCreators,
  FeedCard,
  FollowList,
  OwnProfile,
  PostList,
  PostSearchPage,
  UserSearchPage,
} from '@datebook/contracts';
import { FeedScoresRepository, SearchIndexRepository } from '@datebook/db';
import { allPages } from '../testing/feed-posts';
import type { Requester } from '../testing/test-api';
import { newUser, signedIn } from '../testing/test-users';
import { useTestApi } from '../testing/use-test-api';

/*
 * Issue 23: a pending follow request counts as nothing. In each test a member (the fan) asks a
 * private member (shy) and every read below answers the fan exactly as it answers a stranger who
 * never asked. Each test has a fresh database: For You and Explore rank everything on the site.
 */
describe('a pending follow request counts as nothing', () => {
  const api = useTestApi({ each: true });

  /** shy (private, with a post, following a public friend who posts too), a fan who asked, a stranger. */
  async function world() {
    const shy = await signedIn(api, { isPrivate: true, username: `shy_${Date.now()}` });
    const friend = await newUser(api, { username: `friend_${Date.now()}` });
    const fan = await signedIn(api);
    const stranger = await signedIn(api);
    const shyPost = await api.data.newActivity(shy.user.id, { title: 'shy picnic' });
    const friendPost = await api.data.newActivity(friend.id, { title: 'friend picnic' });
    await api.data.follow(shy.user.id, friend.id);
    const asked = await fan.request({ method: 'PUT', url: `/api/follows/${shy.user.username}` });
    expect(asked.json()).toMatchObject({ following: false, requested: true });
    return { shy, friend, fan, stranger, shyPost, friendPost };
  }

  const get = async (as: Requester, url: string, query: Record<string, string> = {}) => {
    const response: LightMyRequestResponse = await as({ method: 'GET', url, query });
    return { status: response.statusCode, body: response.json<unknown>() };
  };

  it('in counts and follow lists, on both ends', async () => {
    const { shy, fan, stranger } = await world();
    expect((await get(shy.request, '/api/profiles/me')).body).toMatchObject({
      followerCount: 0,
      followRequestCount: 1,
    } satisfies Partial<OwnProfile>);
    expect((await get(fan.request, '/api/profiles/me')).body).toMatchObject({ followingCount: 0 });
    const followers = await get(shy.request, `/api/profiles/${shy.user.username}/followers`);
    expect(followers.body).toEqual({ items: [], nextCursor: null } satisfies FollowList);
    const following = await get(fan.request, `/api/profiles/${fan.user.username}/following`);
    expect(following.body).toEqual({ items: [], nextCursor: null } satisfies FollowList);
    for (const url of [
      `/api/profiles/${shy.user.username}/followers`,
      `/api/profiles/${shy.user.username}/activities`,
      `/api/profiles/${shy.user.username}/dates`,
    ]) {
      const [asFan, asStranger] = [await get(fan.request, url), await get(stranger.request, url)];
      expect(asFan).toEqual(asStranger);
      expect(asFan.status).toBe(403);
    }
    const profile = await get(fan.request, `/api/profiles/${shy.user.username}`);
    expect(profile.body).toMatchObject({
      visible: false,
      followerCount: null,
      followingCount: null,
      tags: null,
    });
  });

  it('in the Following and For You feeds, their social lifts and mutual counts', async () => {
    const { fan, stranger } = await world();
    await new FeedScoresRepository(api.db).rescoreRecent();
    expect(await allPages(fan.request, '/api/feed/following', 50)).toEqual([]);
    const [asFan, asStranger] = [
      await allPages(fan.request, '/api/feed/for-you', 50),
      await allPages(stranger.request, '/api/feed/for-you', 50),
    ];
    const seen = (cards: FeedCard[]) =>
      cards.map((card) => [card.title, card.relationship, card.mutualCount]).sort();
    // shy follows friend: counted, the fan's request would make friend's post a 'mutual' card.
    expect(seen(asFan)).toEqual([['friend picnic', null, 0]]);
    expect(seen(asFan)).toEqual(seen(asStranger));
  });

  it('in search, for members and posts', async () => {
    const { shy, fan, stranger, shyPost } = await world();
    const index = new SearchIndexRepository(api.db);
    await index.indexProfile(shy.user.id);
    await index.indexPost('activity', shyPost);
    const users = async (as: Requester) =>
      ((await get(as, '/api/search/users', { q: shy.user.username })).body as UserSearchPage).items;
    // Only the fan's own button knows the request waits; everything else is as a stranger sees it.
    expect(await users(fan.request)).toEqual([
      expect.objectContaining({ id: shy.user.id, isFollowing: false, requested: true }),
    ]);
    expect(await users(fan.request)).toEqual(
      (await users(stranger.request)).map((user) => ({ ...user, requested: true })),
    );
    const posts = await get(fan.request, '/api/search/activities', { q: 'shy picnic' });
    expect((posts.body as PostSearchPage).items).toEqual([]);
  });

  it("in Explore's creators", async () => {
    const { fan, stranger, friend } = await world();
    // A creator more followed than friend: first for anyone with no friend of a friend to rank.
    const star = await newUser(api);
    for (const follower of [await newUser(api), await newUser(api)]) {
      await api.data.follow(follower.id, star.id);
    }
    /** The creators offered, leaving out the other viewer (each is offered to the other). */
    const offered = async (as: Requester, other: string) =>
      ((await get(as, '/api/explore/creators')).body as ExploreCreators).items
        .map((item) => [item.username, item.followerCount, item.isFollowing])
        .filter(([username]) => username !== other);
    // Through shy, whom the fan would follow, friend would be ranked first as a friend of a friend.
    const asFan = await offered(fan.request, stranger.user.username);
    expect(asFan.slice(0, 2)).toEqual([
      [star.username, 2, false],
      [friend.username, 1, false],
    ]);
    expect(asFan).toEqual(await offered(stranger.request, fan.user.username));
  });

  it("in the plan owner's invite picker", async () => {
    const { shy, friend, fan } = await world();
    await api.data.follow(fan.user.id, friend.id);
    const planId = await api.data.newPlan(fan.user.id);
    const choices = await get(fan.request, `/api/plans/${planId}/collaborator-choices`);
    expect(choices.status).toBe(200);
    const ids = (choices.body as CollaboratorChoiceList).items.map((item) => item.id);
    expect(ids).toEqual([friend.id]);
    expect(ids).not.toContain(shy.user.id);
  });

  it('in collections: a post saved while following hides again once only a request is left', async () => {
    const { shy, fan, shyPost } = await world();
    await fan.request({ method: 'DELETE', url: `/api/follows/${shy.user.username}` });
    await api.data.follow(fan.user.id, shy.user.id);
    const saved = await fan.request({ method: 'PUT', url: `/api/saves/activity/${shyPost}` });
    expect(saved.statusCode).toBe(200);
    const titles = async () =>
      ((await get(fan.request, '/api/saved/posts')).body as PostList).items.map((card) => card.title);
    expect(await titles()).toEqual(['shy picnic']);
    await shy.request({ method: 'DELETE', url: `/api/followers/${fan.user.username}` });
    await fan.request({ method: 'PUT', url: `/api/follows/${shy.user.username}` });
    expect(await titles()).toEqual([]);
    // Approved, the same one predicate (visiblePostSql) opens it again.
    await shy.request({ method: 'POST', url: `/api/follow-requests/${fan.user.username}/approve` });
    expect(await titles()).toEqual(['shy picnic']);
  });
});
