import { setTimeout as sleep } from 'node:timers/promises';
import { type DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { seedCategories } from './seeds/categories';

/** Any constant that other advisory-lock users in this database do not pick. */
const MIGRATION_LOCK_KEY = 7_263_610_001;
/**
 * How long a migration's statement waits for a table's lock before it gives up (decision 62). A DDL
 * statement queued behind a long query holds every later query of that table in the queue behind
 * it, so a busy table would stall for as long as the migration waits; failing is better, and the
 * release is run again at a quieter moment.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 10_000;
/** How often a process waiting for another's migrations asks for the lock again. */
const MIGRATION_TURN_POLL_MS = 100;

/**
 * Waits for the advisory lock by asking again and again, never by blocking in `pg_advisory_lock`: a
 * session blocked there is a running transaction, and CREATE INDEX CONCURRENTLY in the lock
 * holder's migration waits for every running transaction to end, so the two would deadlock.
 */
async function takeTurn(queryRunner: QueryRunner): Promise<void> {
  for (;;) {
    const rows = (await queryRunner.query('SELECT pg_try_advisory_lock($1) AS taken', [
      MIGRATION_LOCK_KEY,
    ])) as Array<{ taken: boolean }>;
    if (rows[0]?.taken) {
      return;
    }
    await sleep(MIGRATION_TURN_POLL_MS);
  }
}

/**
 * Brings an initialized DataSource's database to the latest schema and reference data: runs the
 * pending migrations, each in its own transaction (a failure keeps the ones before it), then
 * upserts the categories. Several processes may call it at once (api replicas starting together):
 * TypeORM takes no lock of its own, so a session advisory lock makes them take turns, and the
 * later ones find nothing pending.
 */
export async function migrateAndSeed(
  dataSource: DataSource,
  { lockTimeoutMs = MIGRATION_LOCK_TIMEOUT_MS }: { lockTimeoutMs?: number } = {},
): Promise<{ applied: string[] }> {
  const queryRunner = dataSource.createQueryRunner();
  try {
    await takeTurn(queryRunner);
    // Session-wide, so every migration's transaction on this connection has it.
    await queryRunner.query(`SELECT set_config('lock_timeout', $1, false)`, [`${lockTimeoutMs}ms`]);
    try {
      const executor = new MigrationExecutor(dataSource, queryRunner);
      executor.transaction = 'each';
      const applied = await executor.executePendingMigrations();
      await seedCategories(queryRunner);
      return { applied: applied.map((migration) => migration.name) };
    } finally {
      // The connection goes back to the pool: the app's own statements keep the server's default.
      await queryRunner.query('RESET lock_timeout');
      await queryRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await queryRunner.release();
  }
}
