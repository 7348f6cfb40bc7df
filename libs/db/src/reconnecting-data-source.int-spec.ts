import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { databaseUrl, DEFAULT_ADMIN_URL, dropDatabase, uniqueDatabaseName } from '@datebook/db/testing';
import { createDataSource } from './data-source';
import type { DatabaseRetry } from './reconnecting-data-source';
import { SqlRepository } from './repositories/sql-repository';

/** A repository whose one read is a named prepared statement on the pool. */
class SlowReads extends SqlRepository {
  answer() {
    return this.preparedRead<{ answer: number }>(
      'slow_read',
      'SELECT 42 AS answer, pg_sleep(0.5) AS slept_prepared',
      [],
    );
  }
}

/*
 * Sessions ended under the pool by pg_terminate_backend, as a failover ends them: work that did not
 * take effect runs again on a fresh connection, work that may have taken effect fails.
 */

const name = uniqueDatabaseName('db_reconnect');
let admin: Client;
let db: DataSource;
/** What the data source told of each lost connection, for the apps' logs and metrics. */
let retries: Array<Omit<DatabaseRetry, 'error'>> = [];

beforeAll(async () => {
  admin = new Client({ connectionString: DEFAULT_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  db = createDataSource({
    url: databaseUrl(DEFAULT_ADMIN_URL, name),
    poolSize: 3,
    onRetry: ({ error: _error, ...retry }) => retries.push(retry),
  });
  await db.initialize();
  await db.query('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
  // Runs at COMMIT, so a test can end the session while its COMMIT is under way.
  await db.query(`
    CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$;
    CREATE TABLE slow_notes (id serial PRIMARY KEY, body text NOT NULL);
    CREATE CONSTRAINT TRIGGER slow_notes_commit AFTER INSERT ON slow_notes
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit();
  `);
});

afterAll(async () => {
  await db?.destroy();
  await admin?.end();
  await dropDatabase(DEFAULT_ADMIN_URL, name);
});

/** Ends the session `pid` once it runs a statement matching `query`, as an operator would. */
async function terminateWhenRunning(query: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = $1 AND state = 'active' AND query LIKE $2`,
      [name, `%${query}%`],
    );
    if (rows.some((row) => row.ended)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No session ran ${query}`);
}

const count = async (table: string, body: string): Promise<number> =>
  Number(
    (await db.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM ${table} WHERE body = $1`, [body]))[0]!
      .n,
  );

describe('a DataSource whose connections are ended under it', () => {
  beforeEach(() => {
    retries = [];
  });

  it('answers a read whose session was ended mid-query, from a fresh connection', async () => {
    const read = db.query<Array<{ answer: number }>>('SELECT 42 AS answer, pg_sleep(0.5) AS slept_read');
    await terminateWhenRunning('slept_read');
    expect((await read)[0]!.answer).toBe(42);
    expect(retries).toEqual([{ kind: 'read', outcome: 'retried', attempt: 1 }]);
  });

  it('answers a prepared read on the pool whose session was ended mid-query, from another connection', async () => {
    const read = new SlowReads(db).answer();
    await terminateWhenRunning('slept_prepared');
    expect((await read)[0]!.answer).toBe(42);
    expect(retries).toEqual([{ kind: 'read', outcome: 'retried', attempt: 1 }]);
  });

  it('fails a write outside a transaction, since nothing tells whether it happened', async () => {
    const write = db.query(
      `INSERT INTO notes (body) SELECT 'lone write' FROM (SELECT pg_sleep(0.5) AS slept_write) s`,
    );
    await terminateWhenRunning('slept_write');
    await expect(write).rejects.toThrow(/terminat/i);
    expect(await count('notes', 'lone write')).toBe(0);
  });

  it('runs a transaction again when its session ended before COMMIT, and keeps one copy', async () => {
    let runs = 0;
    const work = db.transaction(async (tx: EntityManager) => {
      runs += 1;
      await tx.query(`INSERT INTO notes (body) VALUES ('in a transaction')`);
      await tx.query(`SELECT pg_sleep(${runs === 1 ? 0.5 : 0}) AS slept_tx_${runs}`);
      return runs;
    });
    await terminateWhenRunning('slept_tx_1');
    await expect(work).resolves.toBe(2);
    expect(await count('notes', 'in a transaction')).toBe(1);
    expect(retries).toEqual([{ kind: 'transaction', outcome: 'retried', attempt: 1 }]);
  });

  it('asks PostgreSQL what became of a transaction whose COMMIT was cut off, and runs it again if aborted', async () => {
    let runs = 0;
    const work = db.transaction(async (tx: EntityManager) => {
      runs += 1;
      await tx.query(`INSERT INTO slow_notes (body) VALUES ('at commit')`);
      return runs;
    });
    await terminateWhenRunning('COMMIT');
    await expect(work).resolves.toBe(2);
    expect(await count('slow_notes', 'at commit')).toBe(1);
    expect(retries).toEqual([{ kind: 'transaction', outcome: 'retried', attempt: 1 }]);
  });
});
