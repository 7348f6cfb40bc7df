import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { REFRESH_COUNTS_EVERY_MS } from '@datebook/contracts';
import { SearchIndexRepository } from '@datebook/db';
import { JobQueues } from '@datebook/server';
import { startTestWorker, useTestWorker } from '../testing';
import { IndexPostHandler } from './index-post.handler';
import { IndexProfileHandler } from './index-profile.handler';
import { RefreshCountsHandler } from './refresh-counts.handler';
import { RemoveAccountHandler } from './remove-account.handler';

interface Doc {
  kind: string;
  entity_id: string;
  title: string;
  body: string;
  tags: string[];
  username: string | null;
  display_name: string | null;
  author_id: string;
  author_is_private: boolean;
  author_is_admin: boolean;
  category_slugs: string[];
  like_count: number;
  comment_count: number;
  save_count: number;
  budget: string | null;
  mood: string | null;
  time_required: string | null;
  site_specific: boolean;
}

describe('search indexer', () => {
  let db: DataSource;

  const worker = useTestWorker();
  beforeAll(() => {
    db = worker.get(DataSource);
  });

  async function newProfile(displayName: string | null = null): Promise<{ id: string; username: string }> {
    const { id, username } = await worker.data.newMember({
      username: `finder_${randomUUID().slice(0, 8)}`,
      displayName,
      bio: 'Loves picnics',
    });
    return { id, username };
  }

  const activity = (authorId: string, fields: { title?: string; isCustom?: boolean } = {}) =>
    worker.data.newActivity(authorId, {
      title: fields.title ?? 'Picnic in the park',
      description: 'Bring a blanket to the café',
      tags: ['outdoor', 'food'],
      category: 'outdoors',
      budget: '$',
      mood: 'Romantic',
      duration: '1-2 hours',
      locationType: 'Site Specific',
      location: 'The park',
      isCustom: fields.isCustom,
    });

  const date = (authorId: string, isPublic = true) =>
    worker.data.newDate(authorId, { title: 'Sunset dinner', budget: '$$', category: 'food-drink', isPublic });

  const doc = async (kind: string, entityId: string): Promise<Doc | undefined> => {
    const [row] = await db.query<Doc[]>('SELECT * FROM search_documents WHERE kind = $1 AND entity_id = $2', [
      kind,
      entityId,
    ]);
    return row;
  };
  const docsOf = (authorId: string) =>
    db.query<Doc[]>('SELECT * FROM search_documents WHERE author_id = $1 ORDER BY kind', [authorId]);
  const indexPost = (kind: 'activity' | 'date', postId: string) =>
    worker.get(IndexPostHandler).handle({ kind, postId });
  const indexProfile = (profileId: string) => worker.get(IndexProfileHandler).handle({ profileId });

  it('indexes a published post with its author, filters and categories, and follows its edits', async () => {
    const author = await newProfile('Dee');
    const activityId = await activity(author.id);
    const [category] = await db.query<Array<{ id: number }>>(
      `SELECT id FROM categories WHERE slug = 'music'`,
    );
    await db.query('INSERT INTO activity_categories (activity_id, category_id) VALUES ($1, $2)', [
      activityId,
      category!.id,
    ]);

    expect(await indexPost('activity', activityId)).toEqual({ outcome: 'done' });
    expect(await doc('activity', activityId)).toMatchObject({
      title: 'Picnic in the park',
      body: 'Bring a blanket to the café',
      tags: ['outdoor', 'food'],
      username: author.username,
      display_name: 'Dee',
      author_id: author.id,
      author_is_private: false,
      author_is_admin: false,
      category_slugs: ['music', 'outdoors'],
      budget: '$',
      mood: 'Romantic',
      time_required: '1-2 hours',
      site_specific: true,
    });

    await db.query(`UPDATE activities SET title = 'Kayak trip', mood = 'Adventurous' WHERE id = $1`, [
      activityId,
    ]);
    await indexPost('activity', activityId);
    expect(await doc('activity', activityId)).toMatchObject({ title: 'Kayak trip', mood: 'Adventurous' });

    const dateId = await date(author.id);
    await indexPost('date', dateId);
    expect(await doc('date', dateId)).toMatchObject({
      title: 'Sunset dinner',
      budget: '$$',
      category_slugs: ['food-drink'],
      mood: null,
    });
  });

  it('removes a deleted post, and never indexes custom activities or dates that are not public', async () => {
    const author = await newProfile();
    const activityId = await activity(author.id);
    await indexPost('activity', activityId);
    await db.query('DELETE FROM activities WHERE id = $1', [activityId]);
    expect(await indexPost('activity', activityId)).toMatchObject({ outcome: 'skipped' });
    expect(await doc('activity', activityId)).toBeUndefined();

    const custom = await activity(author.id, { isCustom: true });
    await indexPost('activity', custom);
    expect(await doc('activity', custom)).toBeUndefined();

    const dateId = await date(author.id);
    await indexPost('date', dateId);
    expect(await doc('date', dateId)).toBeDefined();
    await db.query('UPDATE dates SET visibility_public = false WHERE id = $1', [dateId]);
    await indexPost('date', dateId);
    expect(await doc('date', dateId)).toBeUndefined();
  });

  it('matches word forms through the stemmer: "picnics" finds "Picnic"', async () => {
    const author = await newProfile();
    const activityId = await activity(author.id, { title: 'Picnic' });
    await indexPost('activity', activityId);
    const found = await db.query<Array<{ entity_id: string }>>(
      `SELECT entity_id FROM search_documents
        WHERE kind = 'activity' AND document @@ websearch_to_tsquery('datebook_search', 'picnics')`,
    );
    expect(found.map((row) => row.entity_id)).toContain(activityId);
  });

  it('carries a rename to the profile and every post of its author', async () => {
    const author = await newProfile('Old Name');
    await indexPost('activity', await activity(author.id));
    await indexPost('date', await date(author.id));
    await indexProfile(author.id);
    expect(await doc('profile', author.id)).toMatchObject({ title: 'Old Name', body: 'Loves picnics' });

    const renamed = `renamed_${randomUUID().slice(0, 8)}`;
    await db.query(`UPDATE profiles SET username = $2, display_name = NULL WHERE id = $1`, [
      author.id,
      renamed,
    ]);
    expect(await indexProfile(author.id)).toEqual({ outcome: 'done' });

    const docs = await docsOf(author.id);
    expect(docs.map((row) => row.kind)).toEqual(['activity', 'date', 'profile']);
    for (const row of docs) {
      expect(row).toMatchObject({ username: renamed, display_name: null });
    }
    // Without a display name, a profile is found by its username.
    expect(await doc('profile', author.id)).toMatchObject({ title: renamed });
  });

  it('makes every document of an author private and public again, and marks an admin', async () => {
    const author = await newProfile();
    for (let i = 0; i < 3; i++) {
      await indexPost('activity', await activity(author.id));
    }
    await indexPost('date', await date(author.id));
    await indexProfile(author.id);

    const flags = async () =>
      (await docsOf(author.id)).map((row) => ({
        private: row.author_is_private,
        admin: row.author_is_admin,
      }));

    await db.query('UPDATE profiles SET is_private = true WHERE id = $1', [author.id]);
    await indexProfile(author.id);
    expect(await flags()).toEqual(Array(5).fill({ private: true, admin: false }));

    await db.query('UPDATE profiles SET is_private = false WHERE id = $1', [author.id]);
    await indexProfile(author.id);
    expect(await flags()).toEqual(Array(5).fill({ private: false, admin: false }));

    await db.query(`UPDATE profiles SET access_type = 'admin' WHERE id = $1`, [author.id]);
    await indexProfile(author.id);
    expect(await flags()).toEqual(Array(5).fill({ private: false, admin: true }));
  });

  it('removes every document of a deleted account', async () => {
    const author = await newProfile();
    const bystander = await newProfile();
    await indexPost('activity', await activity(author.id));
    await indexProfile(author.id);
    await indexPost('activity', await activity(bystander.id));
    await indexProfile(bystander.id);

    // As the api deletes an account: the profile (and its posts) go at once, the user row stays for the purge.
    await db.query('DELETE FROM profiles WHERE id = $1', [author.id]);
    await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [author.id]);
    expect(await worker.get(RemoveAccountHandler).handle({ userId: author.id })).toEqual({ outcome: 'done' });

    expect(await docsOf(author.id)).toEqual([]);
    expect(await docsOf(bystander.id)).toHaveLength(2);
  });

  it('refreshes like, comment and save counts of recent posts', async () => {
    const author = await newProfile();
    const fan = await newProfile();
    const activityId = await activity(author.id);
    await indexPost('activity', activityId);
    await db.query('INSERT INTO likes (user_id, activity_id) VALUES ($1, $2)', [fan.id, activityId]);
    await db.query(`INSERT INTO comments (user_id, activity_id, body) VALUES ($1, $2, 'Lovely')`, [
      fan.id,
      activityId,
    ]);
    const [collection] = await db.query<Array<{ id: string }>>(
      `INSERT INTO collections (owner_id, name) VALUES ($1, 'Later') RETURNING id`,
      [fan.id],
    );
    await db.query('INSERT INTO collection_items (collection_id, activity_id) VALUES ($1, $2)', [
      collection!.id,
      activityId,
    ]);

    await worker.get(RefreshCountsHandler).handle();

    expect(await doc('activity', activityId)).toMatchObject({
      like_count: 1,
      comment_count: 1,
      save_count: 1,
    });
  });

  it('rebuilds the whole index idempotently, in batches, removing orphans', async () => {
    const author = await newProfile('Rebuilt');
    const missing = await activity(author.id);
    const stale = await date(author.id);
    await indexPost('date', stale);
    await db.query(`UPDATE search_documents SET title = 'outdated' WHERE kind = 'date' AND entity_id = $1`, [
      stale,
    ]);
    await db.query(
      `INSERT INTO search_documents (kind, entity_id, author_id, created_at) VALUES ('activity', '999999999', $1, now())`,
      [author.id],
    );
    const custom = await activity(author.id, { isCustom: true });
    await db.query(
      `INSERT INTO search_documents (kind, entity_id, author_id, created_at) VALUES ('activity', $2, $1, now())`,
      [author.id, custom],
    );

    const index = worker.get(SearchIndexRepository);
    const first = await index.rebuild(2);

    expect(await doc('activity', missing)).toMatchObject({
      title: 'Picnic in the park',
      author_id: author.id,
    });
    expect(await doc('date', stale)).toMatchObject({ title: 'Sunset dinner' });
    expect(await doc('profile', author.id)).toMatchObject({ title: 'Rebuilt' });
    expect(await doc('activity', '999999999')).toBeUndefined();
    expect(await doc('activity', custom)).toBeUndefined();
    expect(first.removed.activity).toBeGreaterThanOrEqual(2);
    expect(first.written.activity).toBeGreaterThanOrEqual(1);

    const snapshot = () =>
      db.query<unknown[]>(
        'SELECT kind, entity_id, indexed_at, document::text FROM search_documents ORDER BY kind, entity_id',
      );
    const before = await snapshot();
    const second = await index.rebuild(2);
    expect(second.written).toEqual({ activity: 0, date: 0, profile: 0 });
    expect(second.removed).toEqual({ activity: 0, date: 0, profile: 0 });
    expect(second.total).toEqual(first.total);
    expect(await snapshot()).toEqual(before);
  });

  it('rebuilds the profile rows of existing accounts never indexed, and their words of names', async () => {
    const { id } = await worker.data.newMember({
      username: `quincey_${randomUUID().slice(0, 8)}`,
      displayName: 'Thaddeus Vale',
    });
    expect(await doc('profile', id)).toBeUndefined();
    const words = () =>
      db.query<Array<{ word: string }>>(
        `SELECT word FROM search_names WHERE word IN ('quincey', 'thaddeus', 'vale') ORDER BY word`,
      );
    expect(await words()).toEqual([]);

    await worker.get(SearchIndexRepository).rebuild(2);
    expect(await doc('profile', id)).toMatchObject({ display_name: 'Thaddeus Vale' });
    expect((await words()).map((row) => row.word)).toEqual(['quincey', 'thaddeus', 'vale']);
    // A vocabulary that lost words (a restore without it, say) gets them back from unchanged rows.
    await db.query(`DELETE FROM search_names WHERE word = 'vale'`);
    const again = await worker.get(SearchIndexRepository).rebuild(2);
    expect(again.names.added).toBe(1);
    expect((await words()).map((row) => row.word)).toEqual(['quincey', 'thaddeus', 'vale']);

    // A rename adds its new words; the old ones stay (a word nobody uses only matches nobody).
    await db.query(`UPDATE profiles SET display_name = 'Thaddeus Marlowe' WHERE id = $1`, [id]);
    await indexProfile(id);
    const [{ marlowe }] = await db.query<[{ marlowe: boolean }]>(
      `SELECT EXISTS (SELECT 1 FROM search_names WHERE word = 'marlowe') AS marlowe`,
    );
    expect(marlowe).toBe(true);
  });

  it('indexes a post from its outbox event through the relay and the search-index queue', async () => {
    const author = await newProfile();
    const activityId = await activity(author.id);
    await db.query(`INSERT INTO outbox (event_type, payload) VALUES ('post.created', $1)`, [
      JSON.stringify({ kind: 'activity', postId: activityId }),
    ]);
    const deadline = Date.now() + 15_000;
    while ((await doc('activity', activityId)) === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await doc('activity', activityId)).toMatchObject({ author_id: author.id });
  });

  it('refreshes counts every few minutes, once however many workers start', async () => {
    const second = await startTestWorker(worker.env.config);
    try {
      const schedulers = await worker.get(JobQueues).queue('search-index').getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: 'refresh-counts', every: REFRESH_COUNTS_EVERY_MS }),
      ]);
    } finally {
      await second.close();
    }
  });
});
