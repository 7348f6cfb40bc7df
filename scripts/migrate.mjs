// Runs pending migrations and seeds the categories against DATABASE_URL. Needs libs/db built.
import { createRequire } from 'node:module';
import { loadDotEnv } from './lib/env.mjs';
import { ensureDatabase } from './lib/database.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const env = { ...loadDotEnv(root), ...process.env };
const url = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/datebook';

const { createDataSource, migrateAndSeed } = require('../libs/db/dist/index.js');

await ensureDatabase(url);
const dataSource = await createDataSource({ url, applicationName: 'datebook-migrate' }).initialize();
try {
  const { applied } = await migrateAndSeed(dataSource);
  console.log(
    applied.length > 0
      ? `[datebook] applied migrations: ${applied.join(', ')}`
      : '[datebook] database is up to date',
  );
} finally {
  await dataSource.destroy();
}
