import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DEFAULT_COLLECTION_NAME, type Session } from '@datebook/contracts';
import type { TestEnvironment } from '@datebook/server/testing';

export interface Member {
  id: string;
  username: string;
  email: string;
  /** A bearer access token, from signing in through the api. */
  accessToken: string;
}

const PASSWORD = 'correct horse battery';

/**
 * Confirmed members written straight to the test file's database (sign-up itself is tested in the
 * api), each then signed in through `baseUrl` as a client would.
 */
export async function createMembers(env: TestEnvironment, baseUrl: string, count: number): Promise<Member[]> {
  const passwordHash = await hash(PASSWORD);
  const client = new Client({ connectionString: env.config.db.url });
  await client.connect();
  const rows: Array<{ id: string; username: string; email: string }> = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const tag = randomUUID().slice(0, 8);
      const username = `ops_${tag}`;
      const email = `ops-${tag}@example.com`;
      await client.query('BEGIN');
      const { rows: inserted } = await client.query<{ id: string }>(
        'INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, $2, now()) RETURNING id',
        [email, passwordHash],
      );
      const id = inserted[0]!.id;
      await client.query(
        `INSERT INTO profiles (id, username, display_name, access_type, is_private) VALUES ($1, $2, $2, 'standard', false)`,
        [id, username],
      );
      await client.query('INSERT INTO collections (owner_id, name, is_default) VALUES ($1, $2, true)', [
        id,
        DEFAULT_COLLECTION_NAME,
      ]);
      await client.query('COMMIT');
      rows.push({ id, username, email });
    }
  } finally {
    await client.end();
  }
  return Promise.all(
    rows.map(async (row) => {
      const response = await fetch(`${baseUrl}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: row.email, password: PASSWORD }),
      });
      if (!response.ok) {
        throw new Error(`signing in ${row.email} answered ${response.status}: ${await response.text()}`);
      }
      const session = (await response.json()) as Session;
      return { ...row, accessToken: session.accessToken };
    }),
  );
}
