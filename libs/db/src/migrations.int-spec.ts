import {
  createDatabaseFromTemplate,
  DEFAULT_ADMIN_URL,
  dropDatabase,
  uniqueDatabaseName,
} from '@datebook/db/testing';
import type { DataSource } from 'typeorm';
import { createDataSource, migrations } from './data-source';
import { migrateAndSeed } from './migrate';

// What the schema owns, by catalog: tables, views, sequences, our functions and text search configs.
const OWNED_OBJECTS_SQL = `
  SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
  UNION ALL
  SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname = 'public'
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  UNION ALL
  SELECT cfgname FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace WHERE n.nspname = 'public'
  ORDER BY 1`;

describe('migrations', () => {
  const name = uniqueDatabaseName('db_migrations');
  let dataSource: DataSource;

  beforeAll(async () => {
    // template1 is what a plain CREATE DATABASE copies: an empty database.
    const url = await createDatabaseFromTemplate(DEFAULT_ADMIN_URL, 'template1', name);
    dataSource = createDataSource({ url, poolSize: 2 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropDatabase(DEFAULT_ADMIN_URL, name);
  });

  async function ownedObjects(): Promise<string[]> {
    const rows: Array<{ name: string }> = await dataSource.query(OWNED_OBJECTS_SQL);
    return rows.map((row) => row.name);
  }

  it('runs up, down to empty, and up again', async () => {
    const first = await migrateAndSeed(dataSource);
    expect(first.applied).toEqual(migrations.map((migration) => migration.name));
    expect(await ownedObjects()).toEqual(
      expect.arrayContaining(['outbox', 'date_categories', 'notify_outbox']),
    );

    const again = await migrateAndSeed(dataSource);
    expect(again.applied).toEqual([]);

    for (let i = 0; i < migrations.length; i++) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
    expect(await ownedObjects()).toEqual(['migrations']);
    const extensions: Array<{ extname: string }> = await dataSource.query(
      `SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'unaccent') ORDER BY 1`,
    );
    expect(extensions.map((e) => e.extname)).toEqual(['pg_trgm', 'unaccent']);

    const third = await migrateAndSeed(dataSource);
    expect(third.applied).toEqual(migrations.map((migration) => migration.name));
    const categories: Array<{ count: string }> = await dataSource.query('SELECT count(*) FROM categories');
    expect(Number(categories[0]!.count)).toBeGreaterThanOrEqual(12);
  });

  it('lets concurrent callers take turns', async () => {
    for (let i = 0; i < migrations.length; i++) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
    const results = await Promise.all([migrateAndSeed(dataSource), migrateAndSeed(dataSource)]);
    const applied = results.map((result) => result.applied).sort((a, b) => b.length - a.length);
    expect(applied).toEqual([migrations.map((migration) => migration.name), []]);
  });
});
