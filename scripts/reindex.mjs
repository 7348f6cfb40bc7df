// `npm run reindex`: re-derives the whole search index from the posts and profiles against
// DATABASE_URL, in batches, and removes documents whose source is gone; every account gets its
// profile row (members who signed up before sign-up raised the indexing event included) and the
// words of its names in the names vocabulary. Idempotent: a second run writes nothing. Needs
// libs/db built and the database migrated.
import { createRequire } from 'node:module';
import { loadDotEnv } from './lib/env.mjs';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const env = { ...loadDotEnv(root), ...process.env };
const url = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/datebook';

const { createDataSource, SearchIndexRepository } = require('../libs/db/dist/index.js');

const dataSource = await createDataSource({ url, applicationName: 'datebook-reindex' }).initialize();
try {
  const started = Date.now();
  const { written, removed, total, names } = await new SearchIndexRepository(dataSource).rebuild();
  for (const kind of Object.keys(total)) {
    console.log(
      `[datebook] ${kind}: ${total[kind]} documents (${written[kind]} written, ${removed[kind]} removed)`,
    );
  }
  console.log(`[datebook] names vocabulary: ${names.total} words (${names.added} added)`);
  console.log(`[datebook] search index rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await dataSource.destroy();
}
