// The discovery benchmarks' data set (issue 12): members, follows, posts, engagement, scores and the
// search index, generated in a migrated database of its own. `--keep` leaves it in place under a
// name made of its sizes, which feed.mjs, search.mjs, index-lag.mjs and explain.mjs then reuse
// instead of generating again. Without it, the database is dropped once generated (a timing run).
//
//   node bench/generate.mjs [--posts 1000000] [--users 100000] [--follows 50] [--keep]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { databaseExists, GENERATED_DEFAULTS, generateWithLog, keptName } from './lib/generate-stack.mjs';
import { log, withCleanup } from './lib/stack.mjs';

export async function run({ keep = false, ...options } = {}) {
  const sizes = { ...GENERATED_DEFAULTS, ...options };
  const { createTemplateDatabase, dropDatabase, DEFAULT_ADMIN_URL, uniqueDatabaseName } =
    await import('@datebook/db/testing');
  const name = keep ? keptName(sizes) : uniqueDatabaseName('bench_gen');
  if (keep && (await databaseExists(name))) {
    log(`${name} exists already: drop it first to generate it again`);
    return;
  }
  await withCleanup(
    async (cleanup) => {
      let done = false;
      // A kept database is only kept once it is complete.
      cleanup.add('database', () => (keep && done ? undefined : dropDatabase(DEFAULT_ADMIN_URL, name)));
      const url = await createTemplateDatabase(DEFAULT_ADMIN_URL, name);
      await generateWithLog(url, sizes);
      done = true;
    },
    { timeLimitMs: 60 * 60_000 },
  );
  log(keep ? `kept as ${name}` : `dropped ${name} (use --keep to keep it for the benchmarks)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string' },
      users: { type: 'string' },
      follows: { type: 'string' },
      keep: { type: 'boolean' },
    },
  });
  const options = Object.fromEntries(
    ['posts', 'users', 'follows'].filter((flag) => values[flag]).map((flag) => [flag, Number(values[flag])]),
  );
  await run({ ...options, keep: values.keep ?? false });
}
