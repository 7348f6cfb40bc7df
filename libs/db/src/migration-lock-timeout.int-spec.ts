import { Client } from 'pg';
import { useDatabaseBefore } from '@datebook/db/testing';
import { migrateAndSeed } from './migrate';
import { AdminInteractionsUncounted1764910000000 } from './migrations/1764910000000-AdminInteractionsUncounted';

/**
 * Issue 27: a migration never queues behind a long query for a busy table's lock (which would stall
 * every later query of that table behind it); it gives up after its lock timeout, and runs when the
 * table is free.
 */
describe('a migration that meets a table held by someone else', () => {
  const database = useDatabaseBefore(AdminInteractionsUncounted1764910000000, 'db_migration_lock_timeout');

  it('fails on its lock timeout, and runs once the table is free', async () => {
    const url = (database.db.options as { url: string }).url;
    const holder = new Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      // As a long CREATE INDEX would: writes to the table wait.
      await holder.query('LOCK TABLE activities IN SHARE MODE');
      await expect(migrateAndSeed(database.db, { lockTimeoutMs: 200 })).rejects.toThrow(/lock timeout/);
      await holder.query('ROLLBACK');
      const { applied } = await migrateAndSeed(database.db, { lockTimeoutMs: 200 });
      expect(applied[0]).toBe(AdminInteractionsUncounted1764910000000.name);
      // The pooled connections keep the server's default.
      const [{ lock_timeout }] = await database.db.query<[{ lock_timeout: string }]>('SHOW lock_timeout');
      expect(lock_timeout).toBe('0');
    } finally {
      await holder.end();
    }
  });
});
