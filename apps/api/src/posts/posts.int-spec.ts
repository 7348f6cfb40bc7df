import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  CATEGORIES_CACHE_CONTROL,
  mediaMessages,
  messages,
  postMessages,
  type ActivityDetail,
  type CategoryList,
  type CommentList,
  type CreateActivityRequest,
  type CreateDateRequest,
  type DateDetail,
  type PostList,
  type UploadTicket,
} from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { uploadFile } from '../testing/media-uploads';
import { signedIn } from '../testing/test-users';

type Member = Awaited<ReturnType<typeof signedIn>>;
type Requester = Member['request'];

describe('posts', () => {
  const api = useTestApi();
  let photo: Buffer;
  let categoryId: number;

  beforeAll(async () => {
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const [row] = await api.db.query<Array<{ id: number }>>(
      `SELECT id FROM categories WHERE slug = 'outdoors'`,
    );
    categoryId = row!.id;
  });

  const visitor: Requester = (options) => api.request(options);

  async function upload(
    as: Requester,
    kind: 'activity' | 'date' = 'activity',
    file = { name: 'photo.jpg', type: 'image/jpeg', bytes: undefined as Buffer | undefined },
  ): Promise<string> {
    const bytes = file.bytes ?? photo;
    return (await uploadFile(as, { kind, fileName: file.name, contentType: file.type }, bytes)).uploadId;
  }

  const activityBody = async (
    as: Requester,
    change: Partial<CreateActivityRequest> = {},
  ): Promise<CreateActivityRequest> => ({
    title: 'Sunset picnic',
    description: 'Bring a blanket.',
    categoryId,
    budget: '$',
    timeRequired: 'Under 4 hours',
    media: [{ uploadId: await upload(as), position: 0 }],
    ...change,
  });

  async function publishActivity(member: Member, change: Partial<CreateActivityRequest> = {}) {
    const response = await member.request({
      method: 'POST',
      url: '/api/activities',
      payload: await activityBody(member.request, change),
    });
    expect(response.statusCode).toBe(201);
    return response.json<ActivityDetail>();
  }

  async function publishDate(member: Member, change: Partial<CreateDateRequest> = {}) {
    const response = await member.request({
      method: 'POST',
      url: '/api/dates',
      payload: {
        title: 'Our first hike',
        description: 'It rained.',
        dateOf: '2025-03-05',
        media: [{ uploadId: await upload(member.request, 'date'), position: 0 }],
        ...change,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<DateDetail>();
  }

  const count = async (sql: string, params: unknown[]) =>
    Number((await api.db.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM (${sql}) q`, params))[0]!.n);

  describe('GET /api/categories', () => {
    it('is public, cacheable, and filters by what a kind may use', async () => {
      const all = await visitor({ method: 'GET', url: '/api/categories' });
      expect(all.statusCode).toBe(200);
      expect(all.headers['cache-control']).toBe(CATEGORIES_CACHE_CONTROL);
      const slugs = (url: string) =>
        visitor({ method: 'GET', url }).then((r) => r.json<CategoryList>().items.map((c) => c.slug));
      expect((await slugs('/api/categories')).length).toBe(all.json<CategoryList>().items.length);
      const forActivity = await slugs('/api/categories?appliesTo=activity');
      expect(forActivity).toContain('games');
      expect(forActivity).toContain('outdoors');
      expect(forActivity).not.toContain('anniversary');
      const forDate = await slugs('/api/categories?appliesTo=date');
      expect(forDate).toContain('anniversary');
      expect(forDate).not.toContain('games');
      expect(await slugs('/api/categories?appliesTo=both')).not.toContain('anniversary');
      expect((await visitor({ method: 'GET', url: '/api/categories?appliesTo=x' })).statusCode).toBe(400);
    });
  });

  describe('publishing', () => {
    it('publishes an activity with its category, media in order, outbox events, and normalised chips', async () => {
      const member = await signedIn(api);
      const second = await upload(member.request, 'activity', {
        name: 'clip.mp4',
        type: 'video/mp4',
        bytes: Buffer.from('not really a video'),
      });
      const first = await upload(member.request);
      const response = await member.request({
        method: 'POST',
        url: '/api/activities',
        payload: {
          ...(await activityBody(member.request)),
          title: '  Kayak at dawn ',
          tags: [' water ', 'Water', '', 'dawn'],
          equipment: [' paddle ', '', 'paddle'],
          locationType: 'Indoor',
          location: 'should be cleared',
          media: [
            { uploadId: second, position: 5 },
            { uploadId: first, position: 1 },
          ],
        },
      });
      expect(response.statusCode).toBe(201);
      const activity = response.json<ActivityDetail>();
      expect(activity).toMatchObject({
        kind: 'activity',
        title: 'Kayak at dawn',
        tags: ['water', 'dawn'],
        equipment: ['paddle', 'paddle'],
        locationType: 'Indoor',
        location: null,
        siteSpecific: false,
        category: { slug: 'outdoors', name: 'Outdoors' },
        author: { id: member.user.id, username: member.user.username },
        likeCount: 0,
        commentCount: 0,
        isOwner: true,
      });
      expect(activity.media.map((m) => [m.type, m.position, m.status, m.url])).toEqual([
        ['photo', 0, 'processing', null],
        ['video', 1, 'processing', null],
      ]);
      expect(
        await count('SELECT 1 FROM activity_categories WHERE activity_id = $1 AND category_id = $2', [
          activity.id,
          categoryId,
        ]),
      ).toBe(1);
      expect(
        await count(`SELECT 1 FROM media_uploads WHERE id = ANY($1) AND status = 'processing'`, [
          [first, second],
        ]),
      ).toBe(2);
      const events = await api.db.query<Array<{ event_type: string; payload: Record<string, string> }>>(
        `SELECT event_type, payload FROM outbox WHERE event_type IN ('post.created', 'post-media.uploaded')
          AND (payload->>'postId' = $1 OR payload->>'postMediaId' = ANY($2)) ORDER BY id`,
        [activity.id, activity.media.map((m) => m.id)],
      );
      expect(events.map((e) => e.event_type).sort()).toEqual([
        'post-media.uploaded',
        'post-media.uploaded',
        'post.created',
      ]);
    });

    it.each<[string, (member: Member) => Promise<Partial<CreateActivityRequest>>, string]>([
      ['a missing title', () => Promise.resolve({ title: '' }), messages.posts.titleRequired],
      ['a long title', () => Promise.resolve({ title: 'x'.repeat(81) }), messages.posts.titleTooLong],
      ['no media', () => Promise.resolve({ media: [] }), messages.posts.imageRequired],
      [
        'Site Specific without an address',
        () => Promise.resolve({ locationType: 'Site Specific', location: ' ' }),
        messages.posts.siteSpecificLocationRequired,
      ],
      [
        'only a video',
        async (m) => ({
          media: [
            {
              uploadId: await upload(m.request, 'activity', {
                name: 'a.mp4',
                type: 'video/mp4',
                bytes: Buffer.from('v'),
              }),
              position: 0,
            },
          ],
        }),
        messages.posts.imageRequired,
      ],
      [
        'an upload of the wrong kind',
        async (m) => ({ media: [{ uploadId: await upload(m.request, 'date'), position: 0 }] }),
        postMessages.uploadUnusable,
      ],
      [
        "someone else's upload",
        async () => ({ media: [{ uploadId: await upload((await signedIn(api)).request), position: 0 }] }),
        postMessages.uploadUnusable,
      ],
    ])('refuses %s with the spec message', async (_name, change, message) => {
      const member = await signedIn(api);
      const response = await member.request({
        method: 'POST',
        url: '/api/activities',
        payload: { ...(await activityBody(member.request)), ...(await change(member)) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
      expect(await count('SELECT 1 FROM activities WHERE user_id = $1', [member.user.id])).toBe(0);
    });

    it('refuses an upload whose file never arrived', async () => {
      const member = await signedIn(api);
      const ticket = (
        await member.request({
          method: 'POST',
          url: '/api/media/uploads',
          payload: { kind: 'activity', fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 },
        })
      ).json<UploadTicket>();
      const response = await member.request({
        method: 'POST',
        url: '/api/activities',
        payload: await activityBody(member.request, { media: [{ uploadId: ticket.uploadId, position: 0 }] }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(mediaMessages.uploadMissing);
    });

    it('leaves nothing behind when a later step fails (a connected activity the author cannot see)', async () => {
      const member = await signedIn(api);
      const stranger = await signedIn(api, { isPrivate: true });
      const hidden = await publishActivity(stranger);
      const before = await count('SELECT 1 FROM outbox', []);
      const uploadId = await upload(member.request, 'date');
      const response = await member.request({
        method: 'POST',
        url: '/api/dates',
        payload: {
          title: 'Linked',
          description: 'to a private activity',
          activityIds: [hidden.id],
          media: [{ uploadId, position: 0 }],
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        postMessages.connectedActivityNotFound,
      );
      expect(await count('SELECT 1 FROM dates WHERE user_id = $1', [member.user.id])).toBe(0);
      expect(await count('SELECT 1 FROM post_media WHERE user_id = $1', [member.user.id])).toBe(0);
      expect(
        await count(`SELECT 1 FROM media_uploads WHERE id = $1 AND status = 'pending'`, [uploadId]),
      ).toBe(1);
      expect(await count('SELECT 1 FROM outbox', [])).toBe(before);
    });

    it('makes one post per publish request, however often or concurrently it is sent', async () => {
      const member = await signedIn(api);
      const requestId = randomUUID();
      // The first answer lost: the client sends the same publish again, with fresh uploads.
      const first = await publishActivity(member, { requestId });
      const again = await publishActivity(member, { requestId });
      expect(again.id).toBe(first.id);
      expect(await count('SELECT 1 FROM activities WHERE user_id = $1', [member.user.id])).toBe(1);

      const racing = randomUUID();
      const [one, two] = await Promise.all([
        publishDate(member, { requestId: racing }),
        publishDate(member, { requestId: racing }),
      ]);
      expect(two.id).toBe(one.id);
      expect(await count('SELECT 1 FROM dates WHERE user_id = $1', [member.user.id])).toBe(1);
      expect(
        await count(
          `SELECT 1 FROM outbox WHERE event_type = 'post.created' AND payload->>'kind' = 'date' AND payload->>'postId' = $1`,
          [one.id],
        ),
      ).toBe(1);

      // Another member's request id is theirs alone.
      const other = await signedIn(api);
      expect((await publishActivity(other, { requestId })).id).not.toBe(first.id);
      expect((await publishActivity(member, { requestId: randomUUID() })).id).not.toBe(first.id);
    });

    it('publishes a private date linked to visible activities', async () => {
      const member = await signedIn(api);
      const friend = await signedIn(api, { isPrivate: true });
      await api.data.follow(member.user.id, friend.user.id);
      const own = await publishActivity(member);
      const friends = await publishActivity(friend);
      const date = await publishDate(member, { activityIds: [own.id, friends.id], visibilityPublic: false });
      expect(date).toMatchObject({
        kind: 'date',
        visibilityPublic: false,
        allowComments: true,
        isPlanRecap: false,
        dateOf: '2025-03-05',
      });
      expect(date.activities.map((a) => a.id).sort()).toEqual([own.id, friends.id].sort());
      const activity = (
        await member.request({ method: 'GET', url: `/api/activities/${own.id}` })
      ).json<ActivityDetail>();
      expect(activity.connectedDates.map((d) => d.id)).toEqual([date.id]);
    });
  });

  describe('the visibility policy', () => {
    let owner: Member;
    let follower: Member;
    let member: Member;
    let admin: Member;
    let posts: Record<string, { kind: 'activities' | 'dates'; id: string; author: Member }>;

    beforeAll(async () => {
      owner = await signedIn(api);
      const privateAuthor = await signedIn(api, { isPrivate: true });
      const adminAuthor = await signedIn(api, { accessType: 'admin' });
      follower = await signedIn(api);
      member = await signedIn(api);
      admin = await signedIn(api, { accessType: 'admin' });
      await api.data.follow(follower.user.id, privateAuthor.user.id);
      await follower.request({ method: 'PUT', url: `/api/follows/${owner.user.username}` });
      const custom = await publishActivity(owner);
      await api.db.query('UPDATE activities SET is_custom = true WHERE id = $1', [custom.id]);
      posts = {
        public: { kind: 'activities', id: (await publishActivity(owner)).id, author: owner },
        private: { kind: 'activities', id: (await publishActivity(privateAuthor)).id, author: privateAuthor },
        admin: { kind: 'activities', id: (await publishActivity(adminAuthor)).id, author: adminAuthor },
        privateDate: {
          kind: 'dates',
          id: (await publishDate(owner, { visibilityPublic: false })).id,
          author: owner,
        },
        custom: { kind: 'activities', id: custom.id, author: owner },
      };
    });

    // Who sees what: owner (of each post), follower (follows owner and the private author), member, admin, visitor.
    const matrix: Array<[string, Record<string, boolean>]> = [
      ['visitor', { public: true, private: false, admin: false, privateDate: false, custom: false }],
      ['member', { public: true, private: false, admin: false, privateDate: false, custom: false }],
      ['follower', { public: true, private: true, admin: false, privateDate: false, custom: false }],
      ['admin', { public: true, private: false, admin: false, privateDate: false, custom: false }],
      ['owner', { public: true, private: true, admin: true, privateDate: true, custom: true }],
    ];

    it.each(matrix)('%s', async (who, expected) => {
      for (const [name, post] of Object.entries(posts)) {
        const as: Requester =
          who === 'visitor'
            ? visitor
            : who === 'member'
              ? member.request
              : who === 'follower'
                ? follower.request
                : who === 'admin'
                  ? admin.request
                  : post.author.request;
        const detail = await as({ method: 'GET', url: `/api/${post.kind}/${post.id}` });
        expect([name, detail.statusCode]).toEqual([name, expected[name] ? 200 : 404]);
        const comments = await as({ method: 'GET', url: `/api/${post.kind}/${post.id}/comments` });
        expect([name, comments.statusCode]).toEqual([name, expected[name] ? 200 : 404]);
        const tab = await as({
          method: 'GET',
          url: `/api/profiles/${post.author.user.username}/${post.kind}`,
        });
        const listed =
          tab.statusCode === 200 && tab.json<PostList>().items.some((item) => item.id === post.id);
        expect([name, 'tab', listed]).toEqual([name, 'tab', expected[name]]);
      }
    });

    it('marks the private date in its owner’s tab, so the profile does not offer to open it', async () => {
      const tab = await owner.request({ method: 'GET', url: `/api/profiles/${owner.user.username}/dates` });
      const items = tab.json<PostList>().items;
      expect(items.find((item) => item.id === posts.privateDate!.id)?.visibilityPublic).toBe(false);
      const activities = await owner.request({
        method: 'GET',
        url: `/api/profiles/${owner.user.username}/activities`,
      });
      expect(activities.json<PostList>().items.every((item) => item.visibilityPublic)).toBe(true);
    });

    it('answers a non-numeric id with 404', async () => {
      for (const id of ['abc', '1.5', '-3', '0']) {
        expect((await visitor({ method: 'GET', url: `/api/dates/${id}` })).statusCode).toBe(404);
      }
    });

    it('hides linked activities of admins and others’ custom ones on a date', async () => {
      const adminActivity = posts.admin!.id;
      const date = await publishDate(owner);
      await api.db.query('INSERT INTO dates_activities (date_id, activity_id) VALUES ($1, $2), ($1, $3)', [
        date.id,
        adminActivity,
        posts.custom!.id,
      ]);
      const seen = (await member.request({ method: 'GET', url: `/api/dates/${date.id}` })).json<DateDetail>();
      expect(seen.activities).toEqual([]);
    });
  });

  describe('owner actions', () => {
    it('edits an activity and a date, and only the owner may', async () => {
      const owner = await signedIn(api);
      const other = await signedIn(api);
      const activity = await publishActivity(owner);
      const patch = (as: Requester, payload: object) =>
        as({ method: 'PATCH', url: `/api/activities/${activity.id}`, payload });
      expect((await patch(other.request, { title: 'Mine now' })).statusCode).toBe(403);
      const site = await patch(owner.request, { locationType: 'Site Specific' });
      expect(site.json<{ error: { message: string } }>().error.message).toBe(
        messages.posts.siteSpecificLocationRequired,
      );
      const updated = await patch(owner.request, {
        title: 'Dawn kayak',
        tags: ['a', 'A', ' b '],
        locationType: 'Site Specific',
        location: 'Lake Tahoe',
        budget: '$$',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<ActivityDetail>()).toMatchObject({
        title: 'Dawn kayak',
        tags: ['a', 'b'],
        location: 'Lake Tahoe',
        siteSpecific: true,
        budget: '$$',
        description: 'Bring a blanket.',
      });
      const cleared = await patch(owner.request, { locationType: 'Outdoor' });
      expect(cleared.json<ActivityDetail>()).toMatchObject({ location: null, siteSpecific: false });

      const date = await publishDate(owner);
      const hidden = await owner.request({
        method: 'PATCH',
        url: `/api/dates/${date.id}`,
        payload: { visibilityPublic: false },
      });
      expect(hidden.json<DateDetail>().visibilityPublic).toBe(false);
      // Now invisible to others: 404, never 403.
      expect(
        (await other.request({ method: 'PATCH', url: `/api/dates/${date.id}`, payload: { title: 'x' } }))
          .statusCode,
      ).toBe(404);
      expect(
        await count(
          `SELECT 1 FROM outbox WHERE event_type = 'post.updated' AND payload->>'postId' IN ($1, $2)`,
          [activity.id, date.id],
        ),
      ).toBe(3);
    });

    it('deletes a post with its rows and queues the removal of its objects', async () => {
      const owner = await signedIn(api);
      const other = await signedIn(api);
      const activity = await publishActivity(owner);
      const { storage_key: key, upload_id: uploadId } = (
        await api.db.query<Array<{ storage_key: string; upload_id: string }>>(
          'SELECT storage_key, upload_id FROM post_media WHERE activity_id = $1',
          [activity.id],
        )
      )[0]!;
      expect(
        (await other.request({ method: 'DELETE', url: `/api/activities/${activity.id}` })).statusCode,
      ).toBe(403);
      const gone = await owner.request({ method: 'DELETE', url: `/api/activities/${activity.id}` });
      expect(gone.statusCode).toBe(200);
      expect((await owner.request({ method: 'GET', url: `/api/activities/${activity.id}` })).statusCode).toBe(
        404,
      );
      expect(await count('SELECT 1 FROM post_media WHERE activity_id = $1', [activity.id])).toBe(0);
      expect(await count('SELECT 1 FROM media_uploads WHERE id = $1', [uploadId])).toBe(0);
      const [event] = await api.db.query<Array<{ payload: { keys: string[]; userId: string } }>>(
        `SELECT payload FROM outbox WHERE event_type = 'post.deleted' AND payload->>'postId' = $1`,
        [activity.id],
      );
      expect(event!.payload).toMatchObject({ userId: owner.user.id, keys: [key] });
      expect(
        (await owner.request({ method: 'DELETE', url: `/api/activities/${activity.id}` })).statusCode,
      ).toBe(404);
    });
  });

  describe('likes and comments', () => {
    it('likes idempotently with trigger-kept counts, on visible posts only', async () => {
      const author = await signedIn(api);
      const fan = await signedIn(api);
      const activity = await publishActivity(author);
      const like = (as: Requester, method: 'PUT' | 'DELETE') =>
        as({ method, url: `/api/activities/${activity.id}/like` });
      expect((await like(fan.request, 'PUT')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like(fan.request, 'PUT')).json()).toEqual({ liked: true, likeCount: 1 });
      expect((await like(author.request, 'PUT')).json()).toEqual({ liked: true, likeCount: 2 });
      const seen = (
        await fan.request({ method: 'GET', url: `/api/activities/${activity.id}` })
      ).json<ActivityDetail>();
      expect(seen).toMatchObject({ likeCount: 2, isLiked: true });
      expect((await like(fan.request, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
      expect((await like(fan.request, 'DELETE')).json()).toEqual({ liked: false, likeCount: 1 });
      expect((await like(visitor, 'PUT')).statusCode).toBe(401);

      const hiddenDate = await publishDate(author, { visibilityPublic: false });
      expect((await fan.request({ method: 'PUT', url: `/api/dates/${hiddenDate.id}/like` })).statusCode).toBe(
        404,
      );
    });

    it('stores a comment sent again under the same client id once, and answers it again', async () => {
      const author = await signedIn(api);
      const fan = await signedIn(api);
      const other = await signedIn(api);
      const activity = await publishActivity(author);
      const url = `/api/activities/${activity.id}/comments`;
      const clientId = randomUUID();
      const send = (as: Requester, body: string, id?: string) =>
        as({ method: 'POST', url, payload: { body, clientId: id } });

      const first = await send(fan.request, 'See you there', clientId);
      expect(first.statusCode).toBe(201);
      const resent = await send(fan.request, 'See you there', clientId);
      expect(resent.statusCode).toBe(201);
      expect(resent.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
      // Two resends racing each other still store one.
      const racing = randomUUID();
      const raced = await Promise.all([send(fan.request, 'Race', racing), send(fan.request, 'Race', racing)]);
      expect(raced.map((response) => response.statusCode)).toEqual([201, 201]);
      expect(new Set(raced.map((response) => response.json<{ id: string }>().id)).size).toBe(1);
      // Another member's id space is their own, and a comment without an id is always new.
      expect((await send(other.request, 'Me too', clientId)).json<{ body: string }>().body).toBe('Me too');
      await send(fan.request, 'No id');
      await send(fan.request, 'No id');
      expect((await send(fan.request, 'bad', 'not-a-uuid')).statusCode).toBe(400);

      const listed = (await visitor({ method: 'GET', url })).json<CommentList>();
      expect(listed.items.map((comment) => comment.body)).toEqual([
        'See you there',
        'Race',
        'Me too',
        'No id',
        'No id',
      ]);
      expect(
        (await visitor({ method: 'GET', url: `/api/activities/${activity.id}` })).json<ActivityDetail>()
          .commentCount,
      ).toBe(5);
    });

    it('lists and adds comments, respects allow_comments, and lets the author or post owner delete', async () => {
      const author = await signedIn(api);
      const fan = await signedIn(api);
      const third = await signedIn(api);
      const date = await publishDate(author);
      const url = `/api/dates/${date.id}/comments`;
      const add = (as: Requester, body: string) => as({ method: 'POST', url, payload: { body } });

      expect((await add(fan.request, '   ')).statusCode).toBe(400);
      expect(
        (await add(fan.request, 'x'.repeat(2001))).json<{ error: { message: string } }>().error.message,
      ).toBe(postMessages.commentTooLong);
      const ids: string[] = [];
      for (const body of ['one', 'two', 'three']) {
        const response = await add(fan.request, body);
        expect(response.statusCode).toBe(201);
        ids.push(response.json<{ id: string }>().id);
      }
      const page1 = (await visitor({ method: 'GET', url: `${url}?limit=2` })).json<CommentList>();
      expect(page1.items.map((c) => c.body)).toEqual(['one', 'two']);
      expect(page1.items.every((c) => !c.canDelete)).toBe(true);
      const page2 = (
        await visitor({ method: 'GET', url: `${url}?limit=2&cursor=${page1.nextCursor!}` })
      ).json<CommentList>();
      expect(page2).toEqual({ items: [expect.objectContaining({ body: 'three' })], nextCursor: null });
      // A cursor the api never made, even one PostgreSQL could not turn back into a time, is a 400.
      const overflowing = Buffer.from('9999999999999999999_1').toString('base64url');
      for (const listUrl of [url, `/api/profiles/${author.user.username}/dates`]) {
        const refused = await visitor({ method: 'GET', url: `${listUrl}?cursor=${overflowing}` });
        expect([listUrl, refused.statusCode]).toEqual([listUrl, 400]);
      }
      expect(
        (await author.request({ method: 'GET', url: `/api/dates/${date.id}` })).json<DateDetail>()
          .commentCount,
      ).toBe(3);

      expect((await third.request({ method: 'DELETE', url: `/api/comments/${ids[0]!}` })).statusCode).toBe(
        403,
      );
      expect((await fan.request({ method: 'DELETE', url: `/api/comments/${ids[0]!}` })).statusCode).toBe(200);
      expect((await author.request({ method: 'DELETE', url: `/api/comments/${ids[1]!}` })).statusCode).toBe(
        200,
      );
      expect((await fan.request({ method: 'DELETE', url: `/api/comments/${ids[1]!}` })).statusCode).toBe(404);
      expect(
        (await author.request({ method: 'GET', url: `/api/dates/${date.id}` })).json<DateDetail>()
          .commentCount,
      ).toBe(1);

      const closed = await publishDate(author, { allowComments: false });
      const closedResponse = await fan.request({
        method: 'POST',
        url: `/api/dates/${closed.id}/comments`,
        payload: { body: 'hi' },
      });
      expect(closedResponse.statusCode).toBe(403);
      expect(closedResponse.json<{ error: { message: string } }>().error.message).toBe(
        postMessages.commentsClosed,
      );
    });
  });
});
