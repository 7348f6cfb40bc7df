import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { migrateAndSeed } from '../migrate';
import { TestData } from './test-data';

/*
 * Throwaway databases for integration tests: migrate a template once (global setup), then give each
 * test file `CREATE DATABASE … TEMPLATE …`, which copies files instead of re-running migrations.
 */

/** The superuser connection used for CREATE/DROP DATABASE (trust auth on the dev machines and CI). */
export const DEFAULT_ADMIN_URL = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database name that no other run or worker picks: `<prefix>_<pid>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** The admin URL pointed at another database on the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

/** Drops `name` if it exists, creates it, migrates and seeds it, and leaves no connection open. */
export async function createTemplateDatabase(adminUrl: string, name: string): Promise<string> {
  await dropDatabase(adminUrl, name);
  await admin(adminUrl, `CREATE DATABASE ${identifier(name)}`);
  const url = databaseUrl(adminUrl, name);
  const dataSource = createDataSource({ url, poolSize: 2, applicationName: 'db-testing' });
  await dataSource.initialize();
  try {
    await migrateAndSeed(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return url;
}

/** A copy of `template` (which must have no open connections) named `name`; returns its URL. */
export async function createDatabaseFromTemplate(
  adminUrl: string,
  template: string,
  name: string,
): Promise<string> {
  await dropDatabase(adminUrl, name);
  await admin(adminUrl, `CREATE DATABASE ${identifier(name)} TEMPLATE ${identifier(template)}`);
  return databaseUrl(adminUrl, name);
}

export interface TestDatabase {
  db: DataSource;
  data: TestData;
  close(): Promise<void>;
}

/** A migrated database of this test file's own, its pool, and the builders bound to it. */
export async function openTestDatabase(prefix: string, poolSize = 2): Promise<TestDatabase> {
  const name = uniqueDatabaseName(prefix);
  const url = await createTemplateDatabase(DEFAULT_ADMIN_URL, name);
  const db = createDataSource({ url, poolSize });
  await db.initialize();
  return {
    db,
    data: new TestData(db),
    close: async () => {
      await db.destroy();
      await dropDatabase(DEFAULT_ADMIN_URL, name);
    },
  };
}

/** Drops `name`, disconnecting whoever is still connected; does nothing if it does not exist. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${identifier(name)} WITH (FORCE)`);
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl, application_name: 'db-testing-admin' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Database names come from test code; refuse anything that would need more than plain quoting. */
function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`Unsafe database name: ${JSON.stringify(name)}`);
  }
  return `"${name}"`;
}
