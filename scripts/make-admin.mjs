// `npm run make-admin -- <username> [--revoke]`: grants (or takes back) the admin role. Admins are
// made only here, by someone with database access, never through the api. The change and its
// `profile.changed` outbox row commit together, so search hides (or shows) the member's posts.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { loadDotEnv } from './lib/env.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { revoke: { type: 'boolean' } },
});
const username = positionals[0];
if (!username) {
  console.error('usage: npm run make-admin -- <username> [--revoke]');
  process.exit(2);
}
const root = new URL('..', import.meta.url).pathname;
const env = { ...loadDotEnv(root), ...process.env };
const client = new Client({
  connectionString: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/datebook',
});
await client.connect();
try {
  const role = values.revoke ? 'standard' : 'admin';
  const { rowCount } = await client.query(
    `WITH changed AS (
       UPDATE profiles SET access_type = $2, updated_at = now() WHERE lower(username) = lower($1) RETURNING id
     )
     INSERT INTO outbox (event_type, payload)
       SELECT 'profile.changed', jsonb_build_object('profileId', id) FROM changed`,
    [username, role],
  );
  if (rowCount === 0) {
    console.error(`No profile is called "${username}".`);
    process.exitCode = 1;
  } else {
    console.log(
      `${username} is now ${role === 'admin' ? 'an admin' : 'a standard member'}. Their next sign-in carries the role.`,
    );
  }
} finally {
  await client.end();
}
