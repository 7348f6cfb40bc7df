import {
  COLLECTION_LIMITS,
  collectionMessages,
  messages,
  postMessages,
  type Collection,
  type CollectionList,
  type PostCollections,
  type PostList,
  type SaveState,
} from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { signedIn } from '../testing/test-users';

type Member = Awaited<ReturnType<typeof signedIn>>;

describe('collections and saves', () => {
  const api = useTestApi();

  const newActivity = (author: Member, coverKey?: string) =>
    api.data.newActivity(author.user.id, { title: 'Picnic', description: 'Bring a blanket.', coverKey });
  const newDate = (author: Member, isPublic = true) =>
    api.data.newDate(author.user.id, { title: 'Dinner', description: 'Late.', isPublic });

  const list = async (member: Member) =>
    (await member.request({ method: 'GET', url: '/api/collections' })).json<CollectionList>().items;
  const create = (member: Member, name: unknown) =>
    member.request({ method: 'POST', url: '/api/collections', payload: { name } });
  const save = (member: Member, kind: string, id: string) =>
    member.request({ method: 'PUT', url: `/api/saves/${kind}/${id}` });
  const changeCollections = (
    member: Member,
    kind: string,
    id: string,
    change: { add?: unknown; remove?: unknown },
  ) => member.request({ method: 'PATCH', url: `/api/saves/${kind}/${id}/collections`, payload: change });
  const holding = async (member: Member, kind: string, id: string) =>
    (
      await member.request({ method: 'GET', url: `/api/saves/${kind}/${id}/collections` })
    ).json<PostCollections>();
  const savedPosts = async (member: Member, query = '') =>
    (await member.request({ method: 'GET', url: `/api/saved/posts${query}` })).json<PostList>();

  describe('the default collection', () => {
    it('comes with the account and cannot be renamed or deleted', async () => {
      const member = await signedIn(api);
      const [saved] = await list(member);
      expect(saved).toMatchObject({ name: 'Saved', isDefault: true, itemCount: 0, coverUrl: null });

      const rename = await member.request({
        method: 'PATCH',
        url: `/api/collections/${saved!.id}`,
        payload: { name: 'Favourites' },
      });
      expect(rename.statusCode).toBe(403);
      expect(rename.json().error.message).toBe(messages.collections.defaultCannotBeRenamed);
      const same = await member.request({
        method: 'PATCH',
        url: `/api/collections/${saved!.id}`,
        payload: { name: 'Saved' },
      });
      expect(same.statusCode).toBe(200);

      const remove = await member.request({ method: 'DELETE', url: `/api/collections/${saved!.id}` });
      expect(remove.statusCode).toBe(403);
      expect(remove.json().error.message).toBe(messages.collections.defaultCannotBeDeletedDot);
      expect(await list(member)).toHaveLength(1);
    });

    it('is made at sign-up', async () => {
      const [row] = await api.db.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM profiles p
          WHERE NOT EXISTS (SELECT 1 FROM collections c WHERE c.owner_id = p.id AND c.is_default)`,
      );
      expect(row!.n).toBe(0);
    });
  });

  describe('names', () => {
    it('are trimmed, required, bounded and unique ignoring case', async () => {
      const member = await signedIn(api);
      const made = await create(member, '  Picnics  ');
      expect(made.statusCode).toBe(201);
      expect(made.json<Collection>()).toMatchObject({ name: 'Picnics', isDefault: false, itemCount: 0 });

      for (const [name, message] of [
        ['picnics', messages.collections.invalidName],
        ['   ', messages.collections.invalidName],
        ['saved', messages.collections.invalidName],
        ['x'.repeat(COLLECTION_LIMITS.name + 1), collectionMessages.nameTooLong],
        ['nul\u0000byte', undefined],
        [42, undefined],
      ] as const) {
        const response = await create(member, name);
        expect(response.statusCode).toBe(400);
        if (message) {
          expect(response.json().error.message).toBe(message);
        }
      }
    });

    it('let only one of two racing creates win', async () => {
      const member = await signedIn(api);
      const answers = await Promise.all([create(member, 'Beach days'), create(member, 'BEACH DAYS')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      const loser = answers.find((answer) => answer.statusCode === 400)!;
      expect(loser.json().error.message).toBe(messages.collections.invalidName);
    });

    it('refuse a rename to a title the member already has', async () => {
      const member = await signedIn(api);
      await create(member, 'Hikes');
      const other = (await create(member, 'Walks')).json<Collection>();
      const taken = await member.request({
        method: 'PATCH',
        url: `/api/collections/${other.id}`,
        payload: { name: 'hikes' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(messages.collections.titleExists);
      const empty = await member.request({
        method: 'PATCH',
        url: `/api/collections/${other.id}`,
        payload: { name: ' ' },
      });
      expect(empty.json().error.message).toBe(messages.collections.titleRequired);
      const renamed = await member.request({
        method: 'PATCH',
        url: `/api/collections/${other.id}`,
        payload: { name: 'Long walks' },
      });
      expect(renamed.json<Collection>().name).toBe('Long walks');
    });
  });

  describe('ownership and ids', () => {
    it("answers another member's collection exactly like a missing one", async () => {
      const [owner, stranger] = [await signedIn(api), await signedIn(api)];
      const mine = (await create(owner, 'Mine')).json<Collection>();
      for (const [method, url, payload] of [
        ['GET', `/api/collections/${mine.id}`, undefined],
        ['GET', `/api/collections/${mine.id}/items`, undefined],
        ['PATCH', `/api/collections/${mine.id}`, { name: 'Taken' }],
        ['DELETE', `/api/collections/${mine.id}`, undefined],
        ['GET', '/api/collections/by-name/Mine', undefined],
        ['GET', '/api/collections/999999999', undefined],
      ] as const) {
        const response = await stranger.request({ method, url, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.json().error.message).toBe(messages.collections.notFoundDot);
      }
      const post = await newActivity(owner);
      const foreign = await changeCollections(stranger, 'activity', post, { add: [mine.id] });
      expect(foreign.statusCode).toBe(404);
      expect(await owner.request({ method: 'GET', url: `/api/collections/${mine.id}` })).toMatchObject({
        statusCode: 200,
      });
    });

    it("refuses ids that are not a collection's", async () => {
      const member = await signedIn(api);
      for (const id of ['abc', '1.5', '-1', '0', '99999999999999999999', '%E2%80%8B']) {
        const response = await member.request({ method: 'GET', url: `/api/collections/${id}` });
        expect({ id, status: response.statusCode }).toEqual({ id, status: 400 });
        expect(response.json().error.message).toBe(messages.collections.invalidId);
      }
      const post = await newActivity(member);
      const bad = await changeCollections(member, 'activity', post, { remove: ['nope'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(messages.collections.invalidId);
    });

    it('finds a collection by its URL-encoded name, ignoring case', async () => {
      const member = await signedIn(api);
      const made = (await create(member, 'Rainy days & nights')).json<Collection>();
      const found = await member.request({
        method: 'GET',
        url: `/api/collections/by-name/${encodeURIComponent('rainy DAYS & nights')}`,
      });
      expect(found.json<Collection>().id).toBe(made.id);
    });
  });

  describe('saving', () => {
    it('saves once however often it is tapped, and unsaves', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const post = await newActivity(author);
      const answers = await Promise.all([save(member, 'activity', post), save(member, 'activity', post)]);
      expect(answers.map((answer) => answer.json<SaveState>())).toEqual([{ saved: true }, { saved: true }]);
      const [row] = await api.db.query<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM collection_items WHERE activity_id = $1',
        [post],
      );
      expect(row!.n).toBe(1);

      const card = await member.request({ method: 'GET', url: `/api/activities/${post}` });
      expect(card.json().isSaved).toBe(true);
      expect((await savedPosts(member)).items.map((item) => item.id)).toEqual([post]);

      for (let attempt = 0; attempt < 2; attempt += 1) {
        const unsave = await member.request({ method: 'DELETE', url: `/api/saves/activity/${post}` });
        expect(unsave.json()).toEqual({ saved: false });
      }
      expect((await member.request({ method: 'GET', url: `/api/activities/${post}` })).json().isSaved).toBe(
        false,
      );
    });

    it('refuses posts the member may not see or that do not exist', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const hidden = await newDate(author, false);
      for (const [kind, id] of [
        ['date', hidden],
        ['activity', '999999999'],
        ['activity', 'abc'],
        ['activity', '99999999999999999999'],
        ['post', '1'],
      ] as const) {
        const response = await save(member, kind, id);
        expect({ kind, id, status: response.statusCode }).toEqual({ kind, id, status: 404 });
        expect(response.json().error.message).toBe(postMessages.notFound);
      }
    });
  });

  describe('the add-to-collection change', () => {
    it('adds and removes only what the member changed, keeping the default while another holds the post', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const [saved] = await list(member);
      const ids: string[] = [];
      for (const name of ['A', 'B', 'C']) {
        ids.push((await create(member, name)).json<Collection>().id);
      }
      const post = await newActivity(author);
      const sorted = (values: string[]) => [...values].sort();

      const first = (
        await changeCollections(member, 'activity', post, { add: [ids[0], ids[1]] })
      ).json<PostCollections>();
      expect({ ...first, collectionIds: sorted(first.collectionIds) }).toEqual({
        collectionIds: sorted([saved!.id, ids[0]!, ids[1]!]),
        saved: true,
      });
      // A dialog that listed only some collections names only what it changed: B stays.
      await changeCollections(member, 'activity', post, { add: [ids[2]], remove: [ids[0]] });
      expect(sorted((await holding(member, 'activity', post)).collectionIds)).toEqual(
        sorted([saved!.id, ids[1]!, ids[2]!]),
      );
      // The default cannot be left while another collection holds the post.
      await changeCollections(member, 'activity', post, { remove: [saved!.id] });
      expect((await holding(member, 'activity', post)).saved).toBe(true);

      const none = await changeCollections(member, 'activity', post, { remove: [saved!.id, ids[1], ids[2]] });
      expect(none.json<PostCollections>()).toEqual({ collectionIds: [], saved: false });
    });

    it('refuses a collection both added and removed, and changes nothing when one id is unknown', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const a = (await create(member, 'A')).json<Collection>();
      const post = await newActivity(author);
      await save(member, 'activity', post);

      const both = await changeCollections(member, 'activity', post, { add: [a.id], remove: [a.id] });
      expect(both.statusCode).toBe(400);
      expect(both.json().error.message).toBe(collectionMessages.addedAndRemoved);
      const response = await changeCollections(member, 'activity', post, { add: [a.id, '999999999'] });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(messages.collections.notFoundDot);
      expect(await holding(member, 'activity', post)).toMatchObject({
        saved: true,
        collectionIds: [expect.any(String)],
      });
    });

    it('applies concurrent changes one after the other, none lost', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const [saved] = await list(member);
      const ids: string[] = [];
      for (const name of ['One', 'Two', 'Three', 'Four']) {
        ids.push((await create(member, name)).json<Collection>().id);
      }
      const post = await newActivity(author);
      const answers = await Promise.all(
        ids.map((id) => changeCollections(member, 'activity', post, { add: [id] })),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      expect((await holding(member, 'activity', post)).collectionIds.sort()).toEqual(
        [saved!.id, ...ids].sort(),
      );
    });
  });

  describe('the cap on collections', () => {
    it(`lets a member have ${COLLECTION_LIMITS.perMember} collections and refuses one more with its message`, async () => {
      const member = await signedIn(api);
      for (let made = 1; made < COLLECTION_LIMITS.perMember - 2; made += 1) {
        await api.data.newCollection(member.user.id, `Bulk ${made}`);
      }
      // Two left, three asked at once: the count and the insert run under one lock, so one is refused.
      const racing = await Promise.all(['Last 1', 'Last 2', 'Last 3'].map((name) => create(member, name)));
      expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 201, 409]);
      const refused = await create(member, 'One too many');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: { code: 'CONFLICT', message: collectionMessages.tooMany } });
      expect(await list(member)).toHaveLength(COLLECTION_LIMITS.perMember);

      const doomed = (await list(member)).find((collection) => !collection.isDefault)!;
      await member.request({ method: 'DELETE', url: `/api/collections/${doomed.id}` });
      expect((await create(member, 'Room again')).statusCode).toBe(201);
    });
  });

  describe('lists', () => {
    it('order collections default first, then the most recently updated, with counts and covers', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const older = (await create(member, 'Older')).json<Collection>();
      const newer = (await create(member, 'Newer')).json<Collection>();
      expect((await list(member)).map((c) => c.name)).toEqual(['Saved', 'Newer', 'Older']);

      const post = await newActivity(author, `${author.user.id}/activity-media/cover.jpg`);
      await changeCollections(member, 'activity', post, { add: [older.id] });
      const collections = await list(member);
      expect(collections.map((c) => c.name)).toEqual(['Saved', 'Older', 'Newer']);
      expect(collections[1]).toMatchObject({ itemCount: 1, coverUrl: expect.stringContaining('cover.jpg') });
      expect(collections.find((c) => c.id === newer.id)).toMatchObject({ itemCount: 0, coverUrl: null });
      const limited = await member.request({ method: 'GET', url: '/api/collections?limit=2' });
      expect(limited.json<CollectionList>().items).toHaveLength(2);
    });

    it(`count a collection's items up to ${COLLECTION_LIMITS.countedItems}, and say when there are more`, async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const [saved] = await list(member);
      const fill = (count: number) =>
        api.db.query(
          `WITH posts AS (
             INSERT INTO activities (user_id, title) SELECT $1, 'Bulk ' || g FROM generate_series(1, $3::int) g RETURNING id
           )
           INSERT INTO collection_items (collection_id, activity_id, added_by) SELECT $2, id, $4 FROM posts`,
          [author.user.id, saved!.id, count, member.user.id],
        );
      await fill(COLLECTION_LIMITS.countedItems);
      expect((await list(member))[0]).toMatchObject({
        itemCount: COLLECTION_LIMITS.countedItems,
        itemCountCapped: false,
      });
      await fill(1);
      expect((await list(member))[0]).toMatchObject({
        itemCount: COLLECTION_LIMITS.countedItems,
        itemCountCapped: true,
      });
    });

    it('page saved posts newest save first, through the cursor', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const posts = [await newActivity(author), await newDate(author), await newActivity(author)];
      for (const post of posts) {
        await save(member, posts.indexOf(post) === 1 ? 'date' : 'activity', post);
      }
      const first = await savedPosts(member, '?limit=2');
      expect(first.items.map((item) => item.id)).toEqual([posts[2], posts[1]]);
      expect(first.items.map((item) => [item.kind, item.isSaved])).toEqual([
        ['activity', true],
        ['date', true],
      ]);
      const second = await savedPosts(member, `?limit=2&cursor=${first.nextCursor}`);
      expect(second).toEqual({ items: [expect.objectContaining({ id: posts[0] })], nextCursor: null });
      const bad = await member.request({ method: 'GET', url: '/api/saved/posts?cursor=zzz' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('privacy', () => {
    it('hides and uncounts what the owner may no longer see, and shows it again', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const a = (await create(member, 'Ideas')).json<Collection>();
      const activity = await newActivity(author);
      const date = await newDate(author);
      await changeCollections(member, 'activity', activity, { add: [a.id] });
      await changeCollections(member, 'date', date, { add: [a.id] });
      const visibleIds = async () =>
        (await member.request({ method: 'GET', url: `/api/collections/${a.id}/items` }))
          .json<PostList>()
          .items.map((item) => item.id);
      const count = async () => (await list(member)).find((c) => c.id === a.id)!.itemCount;
      expect(await count()).toBe(2);

      await api.db.query('UPDATE dates SET visibility_public = false WHERE id = $1', [date]);
      expect(await visibleIds()).toEqual([activity]);
      expect(await count()).toBe(1);

      await api.db.query('UPDATE profiles SET is_private = true WHERE id = $1', [author.user.id]);
      expect(await visibleIds()).toEqual([]);
      expect(await count()).toBe(0);
      expect((await savedPosts(member)).items).toEqual([]);

      await api.data.follow(member.user.id, author.user.id);
      expect(await visibleIds()).toEqual([activity]);

      await api.db.query(`UPDATE profiles SET access_type = 'admin' WHERE id = $1`, [author.user.id]);
      expect(await count()).toBe(0);
      await api.db.query(`UPDATE profiles SET access_type = 'standard', is_private = false WHERE id = $1`, [
        author.user.id,
      ]);
      await api.db.query('UPDATE dates SET visibility_public = true WHERE id = $1', [date]);
      expect((await visibleIds()).sort()).toEqual([activity, date].sort());
    });

    it('drops the items of a deleted post', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const post = await newActivity(author);
      await save(member, 'activity', post);
      const removed = await author.request({ method: 'DELETE', url: `/api/activities/${post}` });
      expect(removed.statusCode).toBe(200);
      expect((await savedPosts(member)).items).toEqual([]);
      expect((await list(member))[0]!.itemCount).toBe(0);
    });
  });

  describe('deleting', () => {
    it('removes the collection and its items, never the posts', async () => {
      const [member, author] = [await signedIn(api), await signedIn(api)];
      const doomed = (await create(member, 'Doomed')).json<Collection>();
      const post = await newActivity(author);
      await changeCollections(member, 'activity', post, { add: [doomed.id] });
      const response = await member.request({ method: 'DELETE', url: `/api/collections/${doomed.id}` });
      expect(response.json()).toEqual({ deleted: true });
      expect((await list(member)).map((c) => c.name)).toEqual(['Saved']);
      expect((await savedPosts(member)).items.map((item) => item.id)).toEqual([post]);
      const again = await member.request({ method: 'DELETE', url: `/api/collections/${doomed.id}` });
      expect(again.statusCode).toBe(404);
    });
  });
});
