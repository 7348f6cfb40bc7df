import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { messages, profileMessages, type OwnProfile, type Profile } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn } from '../testing/test-users';

type Requester = (options: InjectOptions) => Promise<LightMyRequestResponse>;

describe('profiles', () => {
  const api = useTestApi();
  const follow = (followerId: string, followingId: string) => api.data.follow(followerId, followingId);
  const profileRow = async (id: string) => {
    const [row] = await api.db.query<Array<Record<string, unknown>>>('SELECT * FROM profiles WHERE id = $1', [
      id,
    ]);
    return row!;
  };

  describe('GET /profiles/:username', () => {
    it('finds a profile in any case and tells the viewer how they are related', async () => {
      const alice = await newUser(api, { username: `Alice_${Date.now()}` });
      const bob = await signedIn(api);
      await follow(alice.id, bob.user.id);
      const response = await bob.request({
        method: 'GET',
        url: `/api/profiles/${alice.username.toLowerCase()}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Profile>()).toMatchObject({
        id: alice.id,
        username: alice.username,
        accessType: 'standard',
        visible: true,
        followerCount: 0,
        followingCount: 1,
        relationship: { isSelf: false, isFollowing: false, followsYou: true },
      });
    });

    it('hides the location and frequent tags when the owner turned them off, but not the tags', async () => {
      const owner = await newUser(api);
      await api.db.query(
        `UPDATE profiles SET location = 'Oslo', show_location = false, tags = '{ski}', frequent_tags = '{fjord}',
                show_frequent_tags = false WHERE id = $1`,
        [owner.id],
      );
      const response = await api.request({ method: 'GET', url: `/api/profiles/${owner.username}` });
      expect(response.json<Profile>()).toMatchObject({
        visible: true,
        location: null,
        tags: ['ski'],
        frequentTags: null,
      });
    });

    it('shows an admin their own profile', async () => {
      const admin = await signedIn(api, { accessType: 'admin' });
      const response = await admin.request({ method: 'GET', url: `/api/profiles/${admin.user.username}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<Profile>()).toMatchObject({
        accessType: 'admin',
        visible: true,
        relationship: { isSelf: true },
      });
    });

    it("answers another member's admin profile exactly as a name nobody has, to visitors and members", async () => {
      const admin = await newUser(api, { accessType: 'admin' });
      const member = await signedIn(api);
      for (const ask of [api.request.bind(api), member.request]) {
        const [response, missing] = await Promise.all([
          ask({ method: 'GET', url: `/api/profiles/${admin.username}` }),
          ask({ method: 'GET', url: '/api/profiles/no_such_member' }),
        ]);
        expect(response.statusCode).toBe(404);
        expect(response.statusCode).toBe(missing.statusCode);
        expect(response.json()).toEqual(missing.json());
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: messages.loads.failedProfile },
        });
      }
    });

    it('answers an unknown username with NOT_FOUND and the spec text', async () => {
      const response = await api.request({ method: 'GET', url: '/api/profiles/no_such_member' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: messages.loads.failedProfile },
      });
    });
  });

  describe('GET /profiles/me', () => {
    it('needs a session', async () => {
      const response = await api.request({ method: 'GET', url: '/api/profiles/me' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    });

    it('returns every field and toggle, with counts that leave admins out', async () => {
      const me = await signedIn(api, { isPrivate: true, displayName: 'Me Myself' });
      const fan = await newUser(api);
      const adminFan = await newUser(api, { accessType: 'admin' });
      await follow(fan.id, me.user.id);
      await follow(adminFan.id, me.user.id);
      await api.data.followRequest((await newUser(api)).id, me.user.id);
      await api.db.query(
        `UPDATE profiles SET tags = '{a}', frequent_tags = '{b}', show_location = false WHERE id = $1`,
        [me.user.id],
      );
      const response = await me.request({ method: 'GET', url: '/api/profiles/me' });
      expect(response.statusCode).toBe(200);
      expect(response.json<OwnProfile>()).toEqual({
        id: me.user.id,
        username: me.user.username,
        displayName: 'Me Myself',
        avatarUrl: null,
        bio: null,
        location: null,
        tags: ['a'],
        frequentTags: ['b'],
        isPrivate: true,
        accessType: 'standard',
        showLocation: false,
        showFrequentTags: true,
        followerCount: 1,
        followingCount: 0,
        followRequestCount: 1,
      });
    });
  });

  describe('PATCH /profiles/me', () => {
    it('saves only display name, bio, location and ShowLocation, trimmed', async () => {
      const me = await signedIn(api);
      const response = await me.request({
        method: 'PATCH',
        url: '/api/profiles/me',
        payload: {
          displayName: '  Sam  ',
          bio: ' Likes long walks ',
          location: ' Lisbon ',
          showLocation: false,
          username: 'sneaky_rename',
          isPrivate: true,
          accessType: 'admin',
          tags: ['x'],
          avatarUrl: 'https://evil.example/a.jpg',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<OwnProfile>()).toMatchObject({
        displayName: 'Sam',
        bio: 'Likes long walks',
        location: 'Lisbon',
        showLocation: false,
        username: me.user.username,
        isPrivate: false,
        accessType: 'standard',
        tags: [],
        avatarUrl: null,
      });
      expect(await profileRow(me.user.id)).toMatchObject({
        display_name: 'Sam',
        username: me.user.username,
        is_private: false,
        access_type: 'standard',
        avatar_key: null,
      });
    });

    it('leaves fields it is not given alone and clears blank ones', async () => {
      const me = await signedIn(api, { displayName: 'Keep Me' });
      await api.db.query(`UPDATE profiles SET bio = 'old bio', location = 'Rome' WHERE id = $1`, [
        me.user.id,
      ]);
      const response = await me.request({
        method: 'PATCH',
        url: '/api/profiles/me',
        payload: { bio: '   ' },
      });
      expect(response.json<OwnProfile>()).toMatchObject({
        displayName: 'Keep Me',
        bio: null,
        location: 'Rome',
      });
    });

    it('refuses texts over their limits, field by field, and saves nothing', async () => {
      const me = await signedIn(api, { displayName: 'Unchanged' });
      const response = await me.request({
        method: 'PATCH',
        url: '/api/profiles/me',
        payload: { displayName: 'd'.repeat(51), bio: 'b'.repeat(301), location: 'l'.repeat(101) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { issues: unknown[] } }>().error.issues).toEqual(
        expect.arrayContaining([
          { path: 'displayName', message: profileMessages.displayNameTooLong },
          { path: 'bio', message: profileMessages.bioTooLong },
          { path: 'location', message: profileMessages.locationTooLong },
        ]),
      );
      expect(await profileRow(me.user.id)).toMatchObject({ display_name: 'Unchanged', bio: null });
      const atLimits = await me.request({
        method: 'PATCH',
        url: '/api/profiles/me',
        payload: { displayName: 'd'.repeat(50), bio: 'b'.repeat(300), location: 'l'.repeat(100) },
      });
      expect(atLimits.statusCode).toBe(200);
    });

    it('needs a session', async () => {
      const response = await api.request({ method: 'PATCH', url: '/api/profiles/me', payload: { bio: 'x' } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PUT /profiles/me/username', () => {
    const rename = (request: Requester, username: string) =>
      request({ method: 'PUT', url: '/api/profiles/me/username', payload: { username } });

    it('renames, after which the profile answers to the new name only', async () => {
      const me = await signedIn(api);
      const next = `renamed_${Date.now()}`;
      const response = await rename(me.request, `  ${next}  `);
      expect(response.statusCode).toBe(200);
      expect(response.json<OwnProfile>().username).toBe(next);
      expect((await api.request({ method: 'GET', url: `/api/profiles/${next}` })).statusCode).toBe(200);
      expect(
        (await api.request({ method: 'GET', url: `/api/profiles/${me.user.username}` })).statusCode,
      ).toBe(404);
    });

    it('does nothing when the name is unchanged', async () => {
      const me = await signedIn(api);
      const before = await profileRow(me.user.id);
      const response = await rename(me.request, me.user.username);
      expect(response.statusCode).toBe(200);
      expect(response.json<OwnProfile>().username).toBe(me.user.username);
      expect((await profileRow(me.user.id)).updated_at).toEqual(before.updated_at);
    });

    it('lets a member change only the case of their own name', async () => {
      const me = await signedIn(api);
      const response = await rename(me.request, me.user.username.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json<OwnProfile>().username).toBe(me.user.username.toUpperCase());
    });

    it("refuses another member's name in any case with the spec text on the username field", async () => {
      const taken = await newUser(api, { username: `Taken_${Date.now()}` });
      const me = await signedIn(api);
      const response = await rename(me.request, taken.username.toLowerCase());
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: messages.account.usernameTaken,
          issues: [{ path: 'username', message: messages.account.usernameTaken }],
        },
      });
      expect((await profileRow(me.user.id)).username).toBe(me.user.username);
    });

    it('gives the name to exactly one of two members racing for it', async () => {
      const [first, second] = await Promise.all([signedIn(api), signedIn(api)]);
      const wanted = `race_${Date.now()}`;
      const responses = await Promise.all([
        rename(first.request, wanted),
        rename(second.request, wanted.toUpperCase()),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const [{ n }] = await api.db.query<[{ n: number }]>(
        'SELECT count(*)::int AS n FROM profiles WHERE lower(username) = lower($1)',
        [wanted],
      );
      expect(n).toBe(1);
    });

    it('refuses an invalid name with the sign-up rule', async () => {
      const me = await signedIn(api);
      for (const username of ['ab', 'has space', 'x'.repeat(31), 'émile']) {
        const response = await rename(me.request, username);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: {
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'username', message: messages.auth.usernameInvalid }],
          },
        });
      }
    });

    it('needs a session', async () => {
      const response = await rename((options) => api.request(options), 'someone_new');
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PUT /profiles/me/privacy', () => {
    it('makes the profile private and public again', async () => {
      const me = await signedIn(api);
      const setPrivate = await me.request({
        method: 'PUT',
        url: '/api/profiles/me/privacy',
        payload: { isPrivate: true },
      });
      expect(setPrivate.statusCode).toBe(200);
      expect(setPrivate.json<OwnProfile>().isPrivate).toBe(true);
      const seenPrivate = await api.request({ method: 'GET', url: `/api/profiles/${me.user.username}` });
      expect(seenPrivate.json<Profile>()).toMatchObject({
        isPrivate: true,
        visible: false,
        followerCount: null,
      });

      await me.request({ method: 'PUT', url: '/api/profiles/me/privacy', payload: { isPrivate: false } });
      const seenPublic = await api.request({ method: 'GET', url: `/api/profiles/${me.user.username}` });
      expect(seenPublic.json<Profile>()).toMatchObject({ isPrivate: false, visible: true, followerCount: 0 });
    });

    it('needs a boolean and a session', async () => {
      const me = await signedIn(api);
      const invalid = await me.request({
        method: 'PUT',
        url: '/api/profiles/me/privacy',
        payload: { isPrivate: 'yes' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ error: { issues: [{ path: 'isPrivate' }] } });
      const anonymous = await api.request({
        method: 'PUT',
        url: '/api/profiles/me/privacy',
        payload: { isPrivate: true },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('profile.changed, which keeps the search index in step', () => {
    const announced = async (profileId: string): Promise<number> => {
      const [row] = await api.db.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM outbox
          WHERE event_type = 'profile.changed' AND payload->>'profileId' = $1`,
        [profileId],
      );
      return row!.n;
    };

    it('is written with a rename, a display name or bio edit and each privacy toggle', async () => {
      const me = await signedIn(api);
      const rename = await me.request({
        method: 'PUT',
        url: '/api/profiles/me/username',
        payload: { username: `announced_${Date.now()}` },
      });
      expect(rename.statusCode).toBe(200);
      expect(await announced(me.user.id)).toBe(1);

      await me.request({ method: 'PATCH', url: '/api/profiles/me', payload: { displayName: 'Searchable' } });
      expect(await announced(me.user.id)).toBe(2);
      await me.request({ method: 'PATCH', url: '/api/profiles/me', payload: { bio: 'Picnics' } });
      expect(await announced(me.user.id)).toBe(3);

      for (const isPrivate of [true, false]) {
        await me.request({ method: 'PUT', url: '/api/profiles/me/privacy', payload: { isPrivate } });
      }
      expect(await announced(me.user.id)).toBe(5);
    });

    it('is not written for fields search does not copy, nor for a refused change', async () => {
      const me = await signedIn(api);
      const other = await newUser(api);
      await me.request({ method: 'PATCH', url: '/api/profiles/me', payload: { location: 'Porto' } });
      const taken = await me.request({
        method: 'PUT',
        url: '/api/profiles/me/username',
        payload: { username: other.username },
      });
      expect(taken.statusCode).toBe(409);
      expect(await announced(me.user.id)).toBe(0);
    });
  });
});
