/// <reference types="jest" />
// Only specs call useDatabaseBefore; jest provides its beforeAll/afterAll as globals there.
import type { DataSource } from 'typeorm';
import { createDataSource, migrations } from '../data-source';
import { migrateAndSeed } from '../migrate';
import { TestData } from './test-data';
import {
  createDatabaseFromTemplate,
  DEFAULT_ADMIN_URL,
  dropDatabase,
  uniqueDatabaseName,
} from './test-databases';

export interface DatabaseBeforeMigration {
  /** The pool, ready from `beforeAll` on. */
  readonly db: DataSource;
  readonly data: TestData;
  /** Takes the database back down to just before the migration again. */
  undoToBefore(): Promise<void>;
}

/**
 * A migration's own spec: a database of the file's own, migrated and seeded, then taken back down
 * to just before `migration`, so the spec writes rows of the old shape and then runs the
 * migration (`db.runMigrations`) to check what it makes of them. Registers its own `beforeAll` and
 * `afterAll`.
 */
export function useDatabaseBefore(
  migration: (typeof migrations)[number],
  prefix: string,
): DatabaseBeforeMigration {
  const name = uniqueDatabaseName(prefix);
  const position = migrations.indexOf(migration);
  if (position < 0) {
    throw new Error(`${migration.name} is not in the migration list`);
  }
  let db: DataSource | undefined;

  beforeAll(async () => {
    const url = await createDatabaseFromTemplate(DEFAULT_ADMIN_URL, 'template1', name);
    db = createDataSource({ url, poolSize: 2 });
    await db.initialize();
    await migrateAndSeed(db);
    await undoToBefore();
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(DEFAULT_ADMIN_URL, name);
  });

  async function undoToBefore(): Promise<void> {
    const database = ready();
    const applied = Number(
      (await database.query<[{ count: string }]>('SELECT count(*) AS count FROM migrations'))[0].count,
    );
    for (let i = applied; i > position; i--) {
      await database.undoLastMigration({ transaction: 'each' });
    }
  }

  function ready(): DataSource {
    if (!db) {
      throw new Error('the database is ready from beforeAll on');
    }
    return db;
  }

  return {
    undoToBefore,
    get db() {
      return ready();
    },
    get data() {
      return new TestData(ready());
    },
  };
}
