import { useDatabaseBefore } from '@datebook/db/testing';
import { migrateAndSeed } from './migrate';
import { AdminInteractionsUncounted1764910000000 } from './migrations/1764910000000-AdminInteractionsUncounted';

/** Issue 24: likes and comments admins made before this migration stop counting on the posts. */
describe('migration AdminInteractionsUncounted', () => {
  const database = useDatabaseBefore(AdminInteractionsUncounted1764910000000, 'db_admin_interactions');

  async function account(username: string, accessType: 'standard' | 'admin'): Promise<string> {
    const [{ id }] = await database.db.query<[{ id: string }]>(
      `WITH u AS (INSERT INTO users (email, password_hash) VALUES ($1, 'h') RETURNING id)
       INSERT INTO profiles (id, username, access_type) SELECT id, $2, $3 FROM u RETURNING id`,
      [`${username}@example.com`, username, accessType],
    );
    return id;
  }

  const counts = (table: 'activities' | 'dates', id: string) =>
    database.db.query<Array<{ like_count: number; comment_count: number }>>(
      `SELECT like_count, comment_count FROM ${table} WHERE id = $1`,
      [id],
    );

  it("recomputes the counts where an admin liked or commented, and leaves other posts' alone", async () => {
    const [author, fan, admin] = [
      await account('author', 'standard'),
      await account('fan', 'standard'),
      await account('admin', 'admin'),
    ];
    const [{ id: activity }] = await database.db.query<[{ id: string }]>(
      `INSERT INTO activities (user_id, title) VALUES ($1, 'Picnic') RETURNING id`,
      [author],
    );
    const [{ id: date }] = await database.db.query<[{ id: string }]>(
      `INSERT INTO dates (user_id, title) VALUES ($1, 'Museum') RETURNING id`,
      [author],
    );
    const [{ id: untouched }] = await database.db.query<[{ id: string }]>(
      `INSERT INTO activities (user_id, title) VALUES ($1, 'Swim') RETURNING id`,
      [author],
    );
    const rows: Array<[string, unknown[]]> = [
      [
        'INSERT INTO likes (user_id, activity_id) VALUES ($1, $3), ($2, $3), ($1, $4)',
        [fan, admin, activity, untouched],
      ],
      ['INSERT INTO likes (user_id, date_id) VALUES ($1, $2)', [admin, date]],
      [
        `INSERT INTO comments (user_id, date_id, body, deleted_at)
         VALUES ($1, $3, 'a', NULL), ($2, $3, 'b', NULL), ($2, $3, 'c', NULL), ($2, $3, 'gone', now())`,
        [fan, admin, date],
      ],
      [`INSERT INTO comments (user_id, activity_id, body) VALUES ($1, $2, 'hi')`, [fan, untouched]],
    ];
    for (const [sql, values] of rows) {
      await database.db.query(sql, values);
    }
    expect(await counts('activities', activity)).toEqual([{ like_count: 2, comment_count: 0 }]);
    expect(await counts('dates', date)).toEqual([{ like_count: 1, comment_count: 3 }]);

    await migrateAndSeed(database.db);

    expect(await counts('activities', activity)).toEqual([{ like_count: 1, comment_count: 0 }]);
    expect(await counts('dates', date)).toEqual([{ like_count: 0, comment_count: 1 }]);
    expect(await counts('activities', untouched)).toEqual([{ like_count: 1, comment_count: 1 }]);
  });
});
