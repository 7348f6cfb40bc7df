import { EXPLORE_CREATOR_LIMITS, type ExploreCreators } from '@datebook/contracts';
import type { Requester } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, type TestUser } from '../testing/test-users';

/* The creators row ranks everyone on the site, so each test has a fresh database. */
describe('explore: creators to follow', () => {
  const api = useTestApi({ each: true });
  const visitor: Requester = (options) => api.request(options);

  async function creators(as: Requester): Promise<ExploreCreators> {
    const response = await as({ method: 'GET', url: '/api/explore/creators' });
    expect(response.statusCode).toBe(200);
    return response.json<ExploreCreators>();
  }

  /** `count` new members, each following `target`. */
  async function followers(target: TestUser, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      await api.data.follow((await newUser(api)).id, target.id);
    }
  }

  it('show visitors the most followed public creators, never private profiles or admins', async () => {
    const admin = await newUser(api, { accessType: 'admin', username: 'admin_creator' });
    const hidden = await newUser(api, { isPrivate: true, username: 'private_creator' });
    await followers(admin, 6);
    await followers(hidden, 6);
    const ranked: TestUser[] = [];
    for (const [name, count] of [
      ['fifth', 1],
      ['second', 4],
      ['first', 5],
      ['third', 3],
      ['fourth', 2],
    ] as const) {
      const creator = await newUser(api, { username: `creator_${name}` });
      await followers(creator, count);
      ranked.push(creator);
    }
    // An admin's follow is never counted.
    await api.data.follow(admin.id, ranked[2]!.id);

    const answer = await creators(visitor);
    expect(answer.kind).toBe('popular');
    expect(answer.items).toHaveLength(EXPLORE_CREATOR_LIMITS.popular);
    expect(answer.items.map((item) => [item.username, item.followerCount])).toEqual([
      ['creator_first', 5],
      ['creator_second', 4],
      ['creator_third', 3],
      ['creator_fourth', 2],
    ]);
    expect(answer.items[0]).toMatchObject({ isFollowing: false, isPrivate: false, avatarUrl: null });
  });

  it('suggest to a member the people their follows follow, never themselves, followed, admins or private', async () => {
    const member = await signedIn(api, { username: 'the_member' });
    const friendA = await newUser(api);
    const friendB = await newUser(api);
    await api.data.follow(member.user.id, friendA.id);
    await api.data.follow(member.user.id, friendB.id);
    const byBoth = await newUser(api, { username: 'followed_by_both' });
    const byOne = await newUser(api, { username: 'followed_by_one' });
    const byOnePopular = await newUser(api, { username: 'followed_by_one_popular' });
    const admin = await newUser(api, { accessType: 'admin' });
    const hidden = await newUser(api, { isPrivate: true });
    const popular = await newUser(api, { username: 'popular_stranger' });
    for (const friend of [friendA, friendB]) {
      for (const target of [byBoth, admin, hidden, member.user]) {
        await api.data.follow(friend.id, target.id);
      }
    }
    await api.data.follow(friendA.id, byOne.id);
    await api.data.follow(friendB.id, byOnePopular.id);
    await followers(byOnePopular, 2);
    await followers(popular, 10);
    // friendB is followed by friendA, but the member already follows them.
    await api.data.follow(friendA.id, friendB.id);

    const answer = await creators(member.request);
    expect(answer.kind).toBe('suggested');
    expect(answer.items).toHaveLength(EXPLORE_CREATOR_LIMITS.suggested);
    const names = answer.items.map((item) => item.username);
    expect(names.slice(0, 3)).toEqual(['followed_by_both', 'followed_by_one_popular', 'followed_by_one']);
    // The rest is filled with the most followed creators the member does not follow.
    expect(names[3]).toBe('popular_stranger');
    const excluded = [member.user, friendA, friendB, admin, hidden].map((user) => user.username);
    expect(names.filter((name) => excluded.includes(name))).toEqual([]);
    expect(answer.items.every((item) => !item.isFollowing && !item.isPrivate)).toBe(true);
    expect(answer.items[1]!.followerCount).toBe(3);
  });

  it('suggest the most followed creators to a member who follows nobody', async () => {
    const member = await signedIn(api);
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const creator = await newUser(api, { username: `creator_${i}` });
      await followers(creator, i + 1);
      names.unshift(creator.username);
    }
    const answer = await creators(member.request);
    expect(answer.kind).toBe('suggested');
    expect(answer.items.map((item) => item.username)).toEqual(
      names.slice(0, EXPLORE_CREATOR_LIMITS.suggested),
    );
  });

  it('never offer a member the viewer has asked: a request waits only on a private member, turning public approves it', async () => {
    const shy = await signedIn(api, { isPrivate: true, username: 'shy_creator' });
    await followers(shy.user, 5);
    const fan = await signedIn(api);
    await newUser(api, { username: 'open_creator' });
    const asked = await fan.request({ method: 'PUT', url: '/api/follows/shy_creator' });
    expect(asked.json()).toMatchObject({ following: false, requested: true });

    const offered = async (as: Requester) =>
      (await creators(as)).items.map((item) => [item.username, item.isFollowing, item.requested]);
    expect(await offered(fan.request)).toContainEqual(['open_creator', false, false]);
    expect((await offered(fan.request)).map(([username]) => username)).not.toContain('shy_creator');

    const turned = await shy.request({
      method: 'PUT',
      url: '/api/profiles/me/privacy',
      payload: { isPrivate: false },
    });
    expect(turned.statusCode).toBe(200);
    // The request became a follow: the fan is not offered whom they follow, a visitor sees no request.
    expect((await offered(fan.request)).map(([username]) => username)).not.toContain('shy_creator');
    expect(await offered(visitor)).toContainEqual(['shy_creator', false, false]);
    const profile = await fan.request({ method: 'GET', url: '/api/profiles/shy_creator' });
    expect(profile.json()).toMatchObject({ relationship: { isFollowing: true, requested: false } });
  });

  it('keep follower counts exact through follows, unfollows, admin changes and deletions', async () => {
    const creator = await newUser(api, { username: 'counted' });
    const fan = await newUser(api);
    const other = await newUser(api);
    const admin = await newUser(api, { accessType: 'admin' });
    await api.data.follow(fan.id, creator.id);
    await api.data.follow(other.id, creator.id);
    await api.data.follow(admin.id, creator.id);
    const count = async () => {
      const item = (await creators(visitor)).items.find((entry) => entry.username === 'counted');
      const profile = await api.request({ method: 'GET', url: '/api/profiles/counted' });
      expect(item?.followerCount).toBe(profile.json<{ followerCount: number }>().followerCount);
      return item?.followerCount;
    };
    expect(await count()).toBe(2);

    await api.data.unfollow(other.id, creator.id);
    expect(await count()).toBe(1);
    await api.db.query(`UPDATE profiles SET access_type = 'admin' WHERE id = $1`, [fan.id]);
    expect(await count()).toBe(0);
    await api.db.query(`UPDATE profiles SET access_type = 'standard' WHERE id IN ($1, $2)`, [
      fan.id,
      admin.id,
    ]);
    expect(await count()).toBe(2);
    await api.db.query(`UPDATE profiles SET access_type = 'admin' WHERE id = $1`, [admin.id]);
    await api.db.query('DELETE FROM users WHERE id = $1', [admin.id]);
    expect(await count()).toBe(1);
    await api.db.query('DELETE FROM users WHERE id = $1', [fan.id]);
    expect(await count()).toBe(0);
  });
});
