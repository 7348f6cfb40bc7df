import {
  ACCESS_TYPES,
  BUDGETS,
  CATEGORY_APPLIES_TO,
  FEEDBACK_TYPES,
  MEDIA_STATUSES,
  MEDIA_TYPES,
  OUTBOX_NOTIFY_CHANNEL,
  PLAN_STATUSES,
  PLANNED_ACTIVITY_STATUSES,
} from '@datebook/contracts';
import {
  createDatabaseFromTemplate,
  createTemplateDatabase,
  DEFAULT_ADMIN_URL,
  dropDatabase,
  uniqueDatabaseName,
} from '@datebook/db/testing';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type Notification } from 'pg';
import { type DataSource, QueryFailedError } from 'typeorm';
import { createDataSource } from './data-source';
import { CATEGORY_SEED, seedCategories } from './seeds/categories';

const template = uniqueDatabaseName('db_schema_tpl');
const name = uniqueDatabaseName('db_schema');
let url: string;
let db: DataSource;

beforeAll(async () => {
  await createTemplateDatabase(DEFAULT_ADMIN_URL, template);
  url = await createDatabaseFromTemplate(DEFAULT_ADMIN_URL, template, name);
  db = createDataSource({ url, poolSize: 4 });
  await db.initialize();
});

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(DEFAULT_ADMIN_URL, name);
  await dropDatabase(DEFAULT_ADMIN_URL, template);
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const rows: T[] = await db.query(sql, params);
  return rows[0]!;
}

async function newProfile(username = `user_${randomUUID().slice(0, 8)}`): Promise<string> {
  const row = await one<{ id: string }>(
    `WITH u AS (INSERT INTO users (email, password_hash) VALUES ($1, 'hash') RETURNING id)
     INSERT INTO profiles (id, username) SELECT id, $2 FROM u RETURNING id`,
    [`${randomUUID()}@example.test`, username],
  );
  return row.id;
}

async function newActivity(userId: string, title = 'Picnic in the park'): Promise<string> {
  const row = await one<{ id: string }>(
    `INSERT INTO activities (user_id, title) VALUES ($1, $2) RETURNING id`,
    [userId, title],
  );
  return row.id;
}

async function newDate(userId: string): Promise<string> {
  const row = await one<{ id: string }>(
    `INSERT INTO dates (user_id, title) VALUES ($1, 'Our date') RETURNING id`,
    [userId],
  );
  return row.id;
}

async function newPlan(ownerId: string): Promise<string> {
  const row = await one<{ id: string }>(
    `INSERT INTO planned_dates (owner_id, title) VALUES ($1, 'Plan') RETURNING id`,
    [ownerId],
  );
  return row.id;
}

/** Runs `sql` expecting PostgreSQL to refuse it with `code` (and `constraint`, when given). */
async function expectRejected(
  sql: string,
  params: unknown[],
  code: string,
  constraint?: string,
): Promise<void> {
  const error = await db.query(sql, params).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(QueryFailedError);
  const driverError = (error as QueryFailedError<Error & { code?: string; constraint?: string }>).driverError;
  expect({ code: driverError.code, constraint: driverError.constraint }).toEqual({
    code,
    constraint: constraint ?? undefined,
  });
}

const UNIQUE = '23505';
const CHECK = '23514';

describe('tables', () => {
  /** Every repository's source, where the SQL that reads and writes the tables is spelled. */
  function repositorySources(): string {
    const folder = join(__dirname, 'repositories');
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .map((file) => readFileSync(join(folder, file), 'utf8'))
      .join('\n');
  }

  it('are each read or written by a repository under the name the migrations give them', async () => {
    const tables: Array<{ table_name: string }> = await db.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
        ORDER BY table_name`,
    );
    const sql = repositorySources();
    const unowned = tables
      .map((table) => table.table_name)
      .filter((table) => !new RegExp(`\\b(FROM|JOIN|INTO|UPDATE)\\s+${table}\\b`, 'i').test(sql));
    expect(unowned).toEqual([]);
  });

  it('give bigint ids as strings, timestamps as Dates and the outbox its defaults', async () => {
    const [saved] = await db.query<Array<Record<string, unknown>>>(
      `INSERT INTO outbox (event_type, payload) VALUES ('test.event', '{"a": 1}') RETURNING *`,
    );
    expect(typeof saved!['id']).toBe('string');
    expect(saved).toMatchObject({
      event_type: 'test.event',
      payload: { a: 1 },
      attempts: 0,
      dispatched_at: null,
    });
    expect(saved!['available_at']).toBeInstanceOf(Date);
  });
});

describe('constraints', () => {
  it('keep follows unique per pair and forbid following oneself', async () => {
    const [a, b] = [await newProfile(), await newProfile()];
    await db.query('INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)', [a, b]);
    await db.query('INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)', [b, a]);
    await expectRejected(
      'INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)',
      [a, b],
      UNIQUE,
      'follows_pair_key',
    );
    await expectRejected(
      'INSERT INTO follows (follower_id, following_id) VALUES ($1, $1)',
      [a],
      CHECK,
      'follows_not_self',
    );
  });

  it('make a collection item point at exactly one post, once per collection', async () => {
    const owner = await newProfile();
    const [activity, date] = [await newActivity(owner), await newDate(owner)];
    const { id: collection } = await one<{ id: string }>(
      `INSERT INTO collections (owner_id, name, is_default) VALUES ($1, 'Saved', true) RETURNING id`,
      [owner],
    );
    const insert =
      'INSERT INTO collection_items (collection_id, activity_id, date_id, added_by) VALUES ($1, $2, $3, $4)';
    await expectRejected(insert, [collection, activity, date, owner], CHECK, 'collection_items_one_post');
    await expectRejected(insert, [collection, null, null, owner], CHECK, 'collection_items_one_post');
    await db.query(insert, [collection, activity, null, owner]);
    await db.query(insert, [collection, null, date, owner]);
    await expectRejected(
      insert,
      [collection, activity, null, owner],
      UNIQUE,
      'collection_items_activity_key',
    );
    await expectRejected(insert, [collection, null, date, owner], UNIQUE, 'collection_items_date_key');
  });

  it('allow one default collection per owner and case-insensitively unique names', async () => {
    const owner = await newProfile();
    const insert = 'INSERT INTO collections (owner_id, name, is_default) VALUES ($1, $2, $3)';
    await db.query(insert, [owner, 'Saved', true]);
    await db.query(insert, [owner, 'Picnics', false]);
    await expectRejected(insert, [owner, 'Other', true], UNIQUE, 'collections_one_default_key');
    await expectRejected(insert, [owner, 'PICNICS', false], UNIQUE, 'collections_owner_name_key');
    await expectRejected(insert, [owner, '  ', false], CHECK, 'collections_name_not_blank');
    await db.query(insert, [await newProfile(), 'Saved', true]);
  });

  it('make usernames unique regardless of case', async () => {
    const username = `Sam_${randomUUID().slice(0, 8)}`;
    await newProfile(username);
    const error = await newProfile(username.toUpperCase()).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as QueryFailedError<Error & { constraint?: string }>).driverError.constraint).toBe(
      'profiles_username_lower_key',
    );
  });

  it('store e-mails lowercased and once', async () => {
    await expectRejected(
      `INSERT INTO newsletter_emails (name, email) VALUES ('Sam', 'Sam@Example.com')`,
      [],
      CHECK,
      'newsletter_emails_email_lowercase',
    );
    await db.query(`INSERT INTO newsletter_emails (name, email) VALUES ('Sam', 'sam@example.com')`);
    await expectRejected(
      `INSERT INTO newsletter_emails (email) VALUES ('sam@example.com')`,
      [],
      UNIQUE,
      'newsletter_emails_email_key',
    );
    await db.query(`INSERT INTO early_access (name, email) VALUES ('Sam', 'sam@example.com')`);
    await expectRejected(
      `INSERT INTO early_access (name, email) VALUES ('Sam', 'sam@example.com')`,
      [],
      UNIQUE,
      'early_access_email_key',
    );
    await expectRejected(
      `INSERT INTO users (email, password_hash) VALUES ('Upper@example.com', 'x')`,
      [],
      CHECK,
      'users_email_lowercase',
    );
  });

  it('limit post titles to 1–80 characters', async () => {
    const user = await newProfile();
    await newActivity(user, 'x'.repeat(80));
    // varchar(80) refuses it before the CHECK runs: "value too long for type character varying(80)".
    await expectRejected(
      'INSERT INTO activities (user_id, title) VALUES ($1, $2)',
      [user, 'x'.repeat(81)],
      '22001',
    );
    await expectRejected(
      'INSERT INTO dates (user_id, title) VALUES ($1, $2)',
      [user, 'x'.repeat(81)],
      '22001',
    );
    await expectRejected(
      'INSERT INTO activities (user_id, title) VALUES ($1, $2)',
      [user, ''],
      CHECK,
      'activities_title_length',
    );
    await expectRejected(
      'INSERT INTO planned_dates (owner_id, title) VALUES ($1, $2)',
      [user, 'x'.repeat(81)],
      CHECK,
      'planned_dates_title_length',
    );
  });

  it('limit comment bodies to 1–2000 characters', async () => {
    const user = await newProfile();
    const activity = await newActivity(user);
    const insert = 'INSERT INTO comments (user_id, activity_id, body) VALUES ($1, $2, $3)';
    await db.query(insert, [user, activity, 'x'.repeat(2000)]);
    await expectRejected(insert, [user, activity, 'x'.repeat(2001)], CHECK, 'comments_body_length');
    await expectRejected(insert, [user, activity, ''], CHECK, 'comments_body_length');
  });

  it('keep planned activity times ordered and the status in step with them', async () => {
    const plan = await newPlan(await newProfile());
    const insert = `INSERT INTO planned_date_activities (planned_date_id, is_custom, status, begins_at, ends_at, client_ref)
                    VALUES ($1, true, $2, $3, $4, $5)`;
    await db.query(insert, [plan, 'scheduled', '2026-05-01T09:00Z', '2026-05-01T10:00Z', randomUUID()]);
    await db.query(insert, [plan, 'scheduled', '2026-05-01T09:00Z', '2026-05-01T09:00Z', randomUUID()]);
    await db.query(insert, [plan, 'unscheduled', '2026-05-01T09:00Z', null, randomUUID()]);
    await expectRejected(
      insert,
      [plan, 'scheduled', '2026-05-01T10:00Z', '2026-05-01T09:00Z', randomUUID()],
      CHECK,
      'planned_date_activities_end_after_begin',
    );
    await expectRejected(
      insert,
      [plan, 'scheduled', '2026-05-01T09:00Z', null, randomUUID()],
      CHECK,
      'planned_date_activities_scheduled_iff_times',
    );
    await expectRejected(
      insert,
      [plan, 'unscheduled', '2026-05-01T09:00Z', '2026-05-01T10:00Z', randomUUID()],
      CHECK,
      'planned_date_activities_scheduled_iff_times',
    );
    const ref = randomUUID();
    await db.query(insert, [plan, 'unscheduled', null, null, ref]);
    await expectRejected(
      insert,
      [plan, 'unscheduled', null, null, ref],
      UNIQUE,
      'planned_date_activities_client_ref_key',
    );
  });

  it('keep one media row per post and one plan event per op id', async () => {
    const user = await newProfile();
    const activity = await newActivity(user);
    await expectRejected(
      `INSERT INTO post_media (user_id, media_type, storage_key) VALUES ($1, 'photo', $2)`,
      [user, randomUUID()],
      CHECK,
      'post_media_one_post',
    );
    const plan = await newPlan(user);
    const op = randomUUID();
    const insert = `INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result)
                    VALUES ($1, $2, $3, $4, 'c1', '{}', '{}')`;
    await db.query(insert, [plan, 1, op, user]);
    await expectRejected(insert, [plan, 2, op, user], UNIQUE, 'plan_events_op_key');
    await expectRejected(insert, [plan, 1, randomUUID(), user], UNIQUE, 'plan_events_pkey');
    await db.query(
      `INSERT INTO post_media (user_id, activity_id, media_type, storage_key) VALUES ($1, $2, 'photo', 'k1')`,
      [user, activity],
    );
  });

  it('list exactly the enumerations of @datebook/contracts', async () => {
    const expected: Array<[string, readonly string[]]> = [
      ['activities_budget_check', BUDGETS],
      ['dates_budget_check', BUDGETS],
      ['profiles_access_type_check', ACCESS_TYPES],
      ['categories_applies_to_check', CATEGORY_APPLIES_TO],
      ['post_media_media_type_check', MEDIA_TYPES],
      ['post_media_status_check', MEDIA_STATUSES],
      ['feedback_feedback_type_check', FEEDBACK_TYPES],
      ['planned_dates_status_check', PLAN_STATUSES],
      ['planned_date_activities_status_check', PLANNED_ACTIVITY_STATUSES],
    ];
    for (const [constraint, values] of expected) {
      const { def } = await one<{ def: string }>(
        'SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = $1',
        [constraint],
      );
      const listed = [...def.matchAll(/'((?:[^']|'')*)'::text/g)].map((match) =>
        match[1]!.replace(/''/g, "'"),
      );
      expect({ constraint, values: listed.sort() }).toEqual({ constraint, values: [...values].sort() });
    }
  });
});

describe('cascades and counters', () => {
  it('count likes and live comments on the post rows', async () => {
    const [author, fan] = [await newProfile(), await newProfile()];
    const activity = await newActivity(author);
    const date = await newDate(author);
    const counts = async (table: 'activities' | 'dates', id: string) =>
      one<{ like_count: number; comment_count: number }>(
        `SELECT like_count, comment_count FROM ${table} WHERE id = $1`,
        [id],
      );

    await db.query('INSERT INTO likes (user_id, activity_id) VALUES ($1, $3), ($2, $3)', [
      author,
      fan,
      activity,
    ]);
    await db.query('INSERT INTO likes (user_id, date_id) VALUES ($1, $2)', [fan, date]);
    await expectRejected(
      'INSERT INTO likes (user_id, activity_id) VALUES ($1, $2)',
      [fan, activity],
      UNIQUE,
      'likes_user_activity_key',
    );
    const { id: commentId } = await one<{ id: string }>(
      `INSERT INTO comments (user_id, activity_id, body) VALUES ($1, $2, 'Nice') RETURNING id`,
      [fan, activity],
    );
    await db.query(`INSERT INTO comments (user_id, activity_id, body) VALUES ($1, $2, 'Thanks')`, [
      author,
      activity,
    ]);
    expect(await counts('activities', activity)).toEqual({ like_count: 2, comment_count: 2 });
    expect(await counts('dates', date)).toEqual({ like_count: 1, comment_count: 0 });

    await db.query('DELETE FROM likes WHERE user_id = $1 AND activity_id = $2', [fan, activity]);
    await db.query('UPDATE comments SET deleted_at = now() WHERE id = $1', [commentId]);
    expect(await counts('activities', activity)).toEqual({ like_count: 1, comment_count: 1 });
    await db.query('DELETE FROM comments WHERE id = $1', [commentId]);
    expect(await counts('activities', activity)).toEqual({ like_count: 1, comment_count: 1 });

    // Deleting the post cascades to its likes and comments, whose triggers then find no row.
    await db.query('DELETE FROM activities WHERE id = $1', [activity]);
    expect(
      await one<{ n: string }>('SELECT count(*) AS n FROM likes WHERE activity_id = $1', [activity]),
    ).toEqual({ n: '0' });
  });

  it('remove everything of a deleted user and unlink what others kept', async () => {
    const [gone, other] = [await newProfile(), await newProfile()];
    const activity = await newActivity(gone);
    const date = await newDate(gone);
    const plan = await newPlan(other);
    await db.query(
      `INSERT INTO planned_date_activities (planned_date_id, activity_id, client_ref) VALUES ($1, $2, gen_random_uuid())`,
      [plan, activity],
    );
    await db.query('UPDATE planned_dates SET published_date_id = $2 WHERE id = $1', [plan, date]);
    const { id: collection } = await one<{ id: string }>(
      `INSERT INTO collections (owner_id, name) VALUES ($1, 'Mine') RETURNING id`,
      [other],
    );
    await db.query('INSERT INTO collection_items (collection_id, date_id, added_by) VALUES ($1, $2, $3)', [
      collection,
      date,
      gone,
    ]);
    await db.query('INSERT INTO follows (follower_id, following_id) VALUES ($1, $2)', [other, gone]);
    await db.query('INSERT INTO plan_collaborators (planned_date_id, user_id) VALUES ($1, $2)', [plan, gone]);

    await db.query('DELETE FROM users WHERE id = $1', [gone]);

    const left = await one<Record<string, string>>(
      `SELECT (SELECT count(*) FROM profiles WHERE id = $1) AS profiles,
              (SELECT count(*) FROM activities WHERE user_id = $1) AS activities,
              (SELECT count(*) FROM follows WHERE following_id = $1) AS follows,
              (SELECT count(*) FROM plan_collaborators WHERE user_id = $1) AS collaborators,
              (SELECT count(*) FROM collection_items WHERE collection_id = $2) AS items`,
      [gone, collection],
    );
    expect(left).toEqual({ profiles: '0', activities: '0', follows: '0', collaborators: '0', items: '0' });
    const entry = await one<{ activity_id: string | null }>(
      'SELECT activity_id FROM planned_date_activities WHERE planned_date_id = $1',
      [plan],
    );
    expect(entry.activity_id).toBeNull();
    expect(await one('SELECT published_date_id FROM planned_dates WHERE id = $1', [plan])).toEqual({
      published_date_id: null,
    });
  });
});

describe('views and search', () => {
  it('resolve a date category slug through date_categories', async () => {
    const date = await newDate(await newProfile());
    await db.query(`UPDATE dates SET category = 'anniversary' WHERE id = $1`, [date]);
    expect(
      await db.query('SELECT date_id, category_slug FROM date_categories WHERE date_id = $1', [date]),
    ).toEqual([{ date_id: date, category_slug: 'anniversary' }]);
  });

  it('weigh title over tags over body, stem English words and ignore accents', async () => {
    await db.query(
      `INSERT INTO search_documents (kind, entity_id, title, tags, body, author_id, created_at)
       VALUES ('activity', '1', 'Café crawl', '{"coffee tasting"}', 'Sunset walk downtown', $1, now())`,
      [randomUUID()],
    );
    const { document } = await one<{ document: string }>(
      `SELECT document::text FROM search_documents WHERE kind = 'activity' AND entity_id = '1'`,
    );
    expect(document).toBe(`'cafe':1A 'coffe':3B 'crawl':2A 'downtown':7C 'sunset':5C 'tast':4B 'walk':6C`);
    const stemmed = await db.query(
      `SELECT entity_id FROM search_documents WHERE document @@ websearch_to_tsquery('datebook_search', 'tastings walks')`,
    );
    expect(stemmed).toEqual([{ entity_id: '1' }]);
    const hits = await db.query(
      `SELECT entity_id FROM search_documents WHERE document @@ websearch_to_tsquery('datebook_search', 'CAFÉ')`,
    );
    expect(hits).toEqual([{ entity_id: '1' }]);
  });
});

describe('seedCategories', () => {
  it('is idempotent and restores edited seed rows', async () => {
    const snapshot = () =>
      db.query(`SELECT slug, name, icon, applies_to, xmin::text FROM categories ORDER BY slug`);
    const before: unknown[] = await snapshot();
    expect(before).toHaveLength(CATEGORY_SEED.length);
    await seedCategories(db);
    // xmin is the writing transaction: unchanged means no row was rewritten.
    expect(await snapshot()).toEqual(before);

    await db.query(`UPDATE categories SET name = 'Renamed' WHERE slug = 'music'`);
    await seedCategories(db);
    expect(await one(`SELECT name FROM categories WHERE slug = 'music'`)).toEqual({ name: 'Music' });
  });
});

describe('outbox', () => {
  let listener: Client;
  const received: Notification[] = [];

  beforeAll(async () => {
    listener = new Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (notification) => received.push(notification));
    await listener.query(`LISTEN ${OUTBOX_NOTIFY_CHANNEL}`);
  });

  afterAll(async () => {
    await listener?.end();
  });

  async function waitForNotification(timeoutMs: number): Promise<Notification | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return received.shift();
  }

  it(`notifies ${OUTBOX_NOTIFY_CHANNEL} once per inserting statement, at commit`, async () => {
    received.length = 0;
    await db.query(`INSERT INTO outbox (event_type, payload) VALUES ('a', '{}'), ('b', '{}'), ('c', '{}')`);
    expect(await waitForNotification(5000)).toMatchObject({ channel: OUTBOX_NOTIFY_CHANNEL, payload: '' });
    expect(await waitForNotification(200)).toBeUndefined();

    const queryRunner = db.createQueryRunner();
    try {
      await queryRunner.startTransaction();
      await queryRunner.query(`INSERT INTO outbox (event_type, payload) VALUES ('d', '{}')`);
      expect(await waitForNotification(200)).toBeUndefined();
      await queryRunner.commitTransaction();
    } finally {
      await queryRunner.release();
    }
    expect(await waitForNotification(5000)).toMatchObject({ channel: OUTBOX_NOTIFY_CHANNEL });
  });
});
