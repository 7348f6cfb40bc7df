import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { messages, type FollowList, type Profile } from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { asSession, newUser, sessionFor, type TestUser } from '../testing/test-users';

type ViewerKind = 'visitor' | 'member' | 'follower' | 'owner' | 'admin';
type ProfileKind = 'public' | 'private' | 'admin';
/** visible: everything; limited: names, avatar and bio only; hidden: answered as a name nobody has. */
type Outcome = 'visible' | 'limited' | 'hidden';

/** The authorization matrix of spec section 6, as implemented. */
const matrix: Record<ProfileKind, Record<ViewerKind, Outcome>> = {
  public: { visitor: 'visible', member: 'visible', follower: 'visible', owner: 'visible', admin: 'visible' },
  private: { visitor: 'limited', member: 'limited', follower: 'visible', owner: 'visible', admin: 'limited' },
  admin: { visitor: 'hidden', member: 'hidden', follower: 'hidden', owner: 'visible', admin: 'hidden' },
};
const cells = (Object.keys(matrix) as ProfileKind[]).flatMap((profile) =>
  (Object.keys(matrix[profile]) as ViewerKind[]).map(
    (viewer) => [profile, viewer, matrix[profile][viewer]] as const,
  ),
);

type Requester = (options: InjectOptions) => Promise<LightMyRequestResponse>;

describe('profile visibility policy', () => {
  const api = useTestApi();
  const owners = {} as Record<ProfileKind, TestUser>;
  const followers = {} as Record<ProfileKind, TestUser>;
  let star: TestUser;
  const requesters = {} as Record<ProfileKind, Record<ViewerKind, Requester>>;

  const follow = (follower: TestUser, following: TestUser) => api.data.follow(follower.id, following.id);
  const signedInAs = async (user: TestUser): Promise<Requester> =>
    asSession(api, await sessionFor(api, user));

  beforeAll(async () => {
    const member = await newUser(api);
    const otherAdmin = await newUser(api, { accessType: 'admin' });
    const adminFollower = await newUser(api, { accessType: 'admin' });
    const adminStar = await newUser(api, { accessType: 'admin' });
    star = await newUser(api);
    for (const kind of Object.keys(matrix) as ProfileKind[]) {
      const owner = await newUser(api, {
        accessType: kind === 'admin' ? 'admin' : 'standard',
        isPrivate: kind === 'private',
        displayName: `The ${kind} one`,
      });
      await api.db.query(
        `UPDATE profiles SET bio = $2, avatar_key = $3, location = 'Porto', tags = '{hiking,jazz}',
                frequent_tags = '{picnic}' WHERE id = $1`,
        [owner.id, `Bio of ${kind}`, `${owner.id}/avatar-media/${kind}.jpg`],
      );
      // The admin profile's follower can only come from the database: the api refuses to follow admins.
      const follower = await newUser(api);
      await follow(follower, owner);
      await follow(adminFollower, owner);
      await follow(owner, star);
      await follow(owner, adminStar);
      owners[kind] = owner;
      followers[kind] = follower;
      requesters[kind] = {
        visitor: (options) => api.request(options),
        member: await signedInAs(member),
        follower: await signedInAs(follower),
        owner: await signedInAs(owner),
        admin: await signedInAs(otherAdmin),
      };
    }
  });

  describe.each(cells)('a %s profile seen by a %s', (profileKind, viewerKind, outcome) => {
    const get = (path: string) =>
      requesters[profileKind][viewerKind]({
        method: 'GET',
        url: `/api/profiles/${owners[profileKind].username.toUpperCase()}${path}`,
      });

    it(`GET profile: ${outcome}`, async () => {
      const response = await get('');
      if (outcome === 'hidden') {
        const missing = await requesters[profileKind][viewerKind]({
          method: 'GET',
          url: '/api/profiles/nobody_has_this_name',
        });
        expect(response.statusCode).toBe(404);
        expect(response.statusCode).toBe(missing.statusCode);
        expect(response.json()).toEqual(missing.json());
        return;
      }
      expect(response.statusCode).toBe(200);
      const profile = response.json<Profile>();
      const owner = owners[profileKind];
      expect(profile).toMatchObject({
        id: owner.id,
        username: owner.username,
        displayName: `The ${profileKind} one`,
        avatarUrl: api.app.get(ObjectStorage).readUrl(`${owner.id}/avatar-media/${profileKind}.jpg`),
        bio: `Bio of ${profileKind}`,
        isPrivate: profileKind === 'private',
        relationship: {
          isSelf: viewerKind === 'owner',
          isFollowing: viewerKind === 'follower',
          followsYou: false,
        },
      });
      if (outcome === 'visible') {
        expect(profile).toMatchObject({
          visible: true,
          // The admin follower and the followed admin are never counted.
          followerCount: 1,
          followingCount: 1,
          location: 'Porto',
          tags: ['hiking', 'jazz'],
          frequentTags: ['picnic'],
        });
      } else {
        expect(profile).toMatchObject({
          visible: false,
          followerCount: null,
          followingCount: null,
          location: null,
          tags: null,
          frequentTags: null,
        });
      }
    });

    it(`followers and following lists: ${outcome === 'visible' ? 'listed without admins' : outcome === 'hidden' ? '404' : '403'}`, async () => {
      const [followersList, followingList] = await Promise.all([get('/followers'), get('/following')]);
      if (outcome === 'hidden') {
        expect(followersList.statusCode).toBe(404);
        expect(followingList.statusCode).toBe(404);
        expect(followersList.json()).toEqual({
          error: { code: 'NOT_FOUND', message: messages.loads.failedProfile },
        });
        return;
      }
      if (outcome !== 'visible') {
        expect(followersList.statusCode).toBe(403);
        expect(followingList.statusCode).toBe(403);
        expect(followersList.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
        return;
      }
      expect(followersList.statusCode).toBe(200);
      expect(followersList.json<FollowList>()).toEqual({
        items: [
          expect.objectContaining({
            id: followers[profileKind].id,
            username: followers[profileKind].username,
          }),
        ],
        nextCursor: null,
      });
      expect(followingList.json<FollowList>()).toEqual({
        items: [expect.objectContaining({ id: star.id })],
        nextCursor: null,
      });
    });
  });

  it('answers an unknown username with the spec text, for lists too', async () => {
    for (const path of ['', '/followers', '/following']) {
      const response = await api.request({ method: 'GET', url: `/api/profiles/nobody_here_at_all${path}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: messages.loads.failedProfile },
      });
    }
  });
});
