import { useDatabaseBefore } from '@datebook/db/testing';
import { migrations } from './data-source';
import { migrateAndSeed } from './migrate';
import { DefaultCollections1764400000000 } from './migrations/1764400000000-DefaultCollections';

/** Issue 11: accounts made before sign-up made a default collection get exactly one. */
describe('migration DefaultCollections', () => {
  const database = useDatabaseBefore(DefaultCollections1764400000000, 'db_default_collections');
  const mine = migrations.indexOf(DefaultCollections1764400000000);

  async function account(username: string): Promise<string> {
    const [{ id }] = await database.db.query<[{ id: string }]>(
      `WITH u AS (INSERT INTO users (email, password_hash) VALUES ($1, 'h') RETURNING id)
       INSERT INTO profiles (id, username) SELECT id, $2 FROM u RETURNING id`,
      [`${username}@example.com`, username],
    );
    return id;
  }

  const collectionsOf = (ownerId: string) =>
    database.db.query<Array<{ name: string; is_default: boolean }>>(
      'SELECT name, is_default FROM collections WHERE owner_id = $1 ORDER BY name',
      [ownerId],
    );

  it("gives an account without one a 'Saved' default, keeps a member's own 'saved', and leaves a default alone", async () => {
    const bare = await account('no_default');
    const named = await account('own_saved');
    await database.db.query(`INSERT INTO collections (owner_id, name) VALUES ($1, 'SAVED'), ($1, 'Trips')`, [
      named,
    ]);
    const settled = await account('has_default');
    await database.db.query(
      `INSERT INTO collections (owner_id, name, is_default) VALUES ($1, 'Saved', true), ($1, 'saved later', false)`,
      [settled],
    );

    const applied = await migrateAndSeed(database.db);
    expect(applied.applied).toEqual(migrations.slice(mine).map((migration) => migration.name));

    expect(await collectionsOf(bare)).toEqual([{ name: 'Saved', is_default: true }]);
    expect(await collectionsOf(named)).toEqual([
      { name: 'SAVED', is_default: true },
      { name: 'Trips', is_default: false },
    ]);
    expect(await collectionsOf(settled)).toEqual([
      { name: 'Saved', is_default: true },
      { name: 'saved later', is_default: false },
    ]);
    const [{ count }] = await database.db.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM profiles p
        WHERE (SELECT count(*) FROM collections c WHERE c.owner_id = p.id AND c.is_default) <> 1`,
    );
    expect(count).toBe(0);
  });
});
