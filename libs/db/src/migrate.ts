import { type DataSource, MigrationExecutor } from 'typeorm';
import { seedCategories } from './seeds/categories';

/** Any constant that other advisory-lock users in this database do not pick. */
const MIGRATION_LOCK_KEY = 7_263_610_001;

/**
 * Brings an initialized DataSource's database to the latest schema and reference data: runs the
 * pending migrations, each in its own transaction (a failure keeps the ones before it), then
 * upserts the categories. Several processes may call it at once (api replicas starting together):
 * TypeORM takes no lock of its own, so a session advisory lock makes them take turns, and the
 * later ones find nothing pending.
 */
export async function migrateAndSeed(dataSource: DataSource): Promise<{ applied: string[] }> {
  const queryRunner = dataSource.createQueryRunner();
  try {
    await queryRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const executor = new MigrationExecutor(dataSource, queryRunner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      await seedCategories(queryRunner);
      return { applied: applied.map((migration) => migration.name) };
    } finally {
      await queryRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await queryRunner.release();
  }
}
