// Search index lag at a million posts (issue 12): members publish activities through the built api
// at a steady 50 posts/s while the built worker runs, and each post's lag is the time from the
// publish response to its row in `search_documents` (the index a search reads), polled every 20 ms.
// Beside it: `SearchIndexRepository.indexPost` for the same posts through plain `pg`, the statement's
// own cost, so the rest of the lag is the outbox relay and the queue.
//
//   node bench/index-lag.mjs [--posts 1000000] [--users 100000] [--follows 50] [--db <kept name>] [--keep]
//                            [--rate 50] [--duration 10] [--authors 10]
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drive } from './lib/pace.mjs';
import {
  generatedBenchArgs,
  nextAddress,
  oneAtATime,
  rawExecutor,
  removeMembersAfterwards,
  signUpMember,
  startGeneratedStack,
} from './lib/generate-stack.mjs';
import { printTable } from './lib/report.mjs';
import { ensureBuilt, log, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';
import { uploadActivityMedia } from './lib/upload.mjs';

export const LAG_BUDGET = { text: 'publish → findable p95 ≤ 2 s', p95Ms: 2000 };

export const defaults = { rate: 50, duration: 10, authors: 10 };

const POLL_MS = 20;
/** How long after the last publish a post may still become findable before it counts as lost. */
const GRACE_MS = 30_000;

export async function run(options = {}) {
  const { rate, duration, authors: authorCount, db, keep, ...sizes } = { ...defaults, ...options };
  return withCleanup(
    async (cleanup) => {
      const stack = await startGeneratedStack(cleanup, { sizes, db, keep });
      const added = removeMembersAfterwards(cleanup, stack.databaseUrl);
      const api = await stack.start('api');
      await stack.start('worker');
      const pool = new pg.Pool({
        connectionString: stack.databaseUrl,
        max: 4,
        application_name: 'bench-raw-pg',
      });
      cleanup.add('pg pool', () => pool.end());

      const authors = [];
      for (let i = 0; i < authorCount; i += 1) {
        authors.push(await signUpMember(api.url, pool, 'author'));
        added.push(authors[i].id);
      }
      const { rows: categories } = await pool.query(
        `SELECT id FROM categories WHERE applies_to IN ('activity', 'both') ORDER BY id LIMIT 1`,
      );
      const total = rate * duration;
      log(`uploading ${total} photos through the api for ${authorCount} authors`);
      const photo = await tinyJpeg();
      const uploads = [];
      for (let start = 0; start < total; start += 10) {
        const batch = Array.from(
          { length: Math.min(10, total - start) },
          (_, k) => authors[(start + k) % authorCount],
        );
        uploads.push(...(await Promise.all(batch.map((author) => upload(api.url, author, photo)))));
      }

      log(`publishing ${total} activities at ${rate}/s with the worker running`);
      const published = new Map();
      const lags = [];
      let polling = true;
      let lastPublish = performance.now();
      const poller = (async () => {
        while (polling || published.size > 0) {
          const ids = [...published.keys()];
          if (ids.length > 0) {
            const { rows } = await pool.query(
              `SELECT entity_id FROM search_documents WHERE kind = 'activity' AND entity_id = ANY($1::text[])`,
              [ids],
            );
            const seenAt = performance.now();
            for (const { entity_id: id } of rows) {
              lags.push(seenAt - published.get(id));
              published.delete(id);
            }
          }
          if (!polling && performance.now() > lastPublish + GRACE_MS) {
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      })();
      const result = await drive({
        rate,
        durationMs: duration * 1000,
        concurrency: rate,
        shape: 'steady',
        operation: async (index) => {
          const author = authors[index % authorCount];
          const id = await publish(api.url, author, categories[0].id, uploads[index], index);
          lastPublish = performance.now();
          published.set(id, lastPublish);
        },
      });
      polling = false;
      await poller;
      const lost = published.size;
      if (result.errors.length > 0) {
        log(`publishing: ${result.errors.length} errors, first: ${result.errors[0].message}`);
      }
      if (lost > 0) {
        log(`${lost} published posts were not in the index ${GRACE_MS / 1000}s after the last publish`);
      }

      const { SearchIndexRepository } = await import('@datebook/db');
      const index = new SearchIndexRepository(rawExecutor(pool));
      const { rows: recent } = await pool.query(
        `SELECT id::text FROM activities WHERE user_id = ANY($1::uuid[]) ORDER BY id DESC LIMIT 200`,
        [authors.map((author) => author.id)],
      );
      let next = 0;
      const statement = await oneAtATime({
        requests: recent.length,
        warmup: 0,
        maxSeconds: 10,
        operation: () => index.indexPost('activity', recent[next++ % recent.length].id),
      });

      const publishRate = result.latencies.length / (result.elapsedMs / 1000);
      const lagRow = {
        bench: 'index-lag',
        name: `publish → in search_documents @${rate}/s`,
        rate: publishRate,
        ...pick(summarize(lags)),
        errors: result.errors.length + lost,
        budget: LAG_BUDGET.text,
      };
      const misses = [
        ...(lagRow.p95 <= LAG_BUDGET.p95Ms ? [] : [`p95 ${lagRow.p95.toFixed(0)} ms`]),
        // A lag measured while publishing slower than the target says less than it seems to.
        ...(publishRate >= rate * 0.95 ? [] : [`published ${publishRate.toFixed(0)}/s of ${rate}/s`]),
        ...(lagRow.errors > 0 ? [`${result.errors.length} failed, ${lost} never indexed`] : []),
      ];
      lagRow.verdict = misses.length === 0 ? 'PASS' : `MISS (${misses.join('; ')})`;
      return [
        {
          bench: 'index-lag',
          name: 'raw pg SearchIndexRepository.indexPost, same posts',
          rate: statement.latencies.length / (statement.elapsedMs / 1000),
          ...pick(summarize(statement.latencies)),
          errors: statement.errors.length,
        },
        {
          bench: 'index-lag',
          name: `api POST /api/activities @${rate}/s steady (from each one's due time)`,
          rate: publishRate,
          ...pick(summarize(result.latencies)),
          errors: result.errors.length,
        },
        lagRow,
      ];
    },
    { timeLimitMs: 60 * 60_000 },
  );
}

const pick = ({ p50, p95, p99 }) => ({ p50, p95, p99 });

/** A small real JPEG, so the worker's media job has an image to process as it would in use. */
async function tinyJpeg() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 200, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer();
}

const headersOf = (author) => ({
  authorization: `Bearer ${author.accessToken}`,
  'content-type': 'application/json',
  // Uploads and publishing are rate-limited per client address; each request is a client of its own.
  'x-forwarded-for': nextAddress(),
});

function upload(apiUrl, author, photo) {
  return uploadActivityMedia(apiUrl, headersOf(author), {
    bytes: photo,
    contentType: 'image/jpeg',
    fileName: 'bench.jpg',
  });
}

async function publish(apiUrl, author, categoryId, uploadId, index) {
  const response = await fetch(`${apiUrl}/api/activities`, {
    method: 'POST',
    headers: headersOf(author),
    body: JSON.stringify({
      title: `Bench lantern walk ${index}`,
      description: 'Published by bench/index-lag.mjs.',
      categoryId,
      budget: '$',
      timeRequired: 'Under 4 hours',
      tags: ['bench'],
      media: [{ uploadId, position: 0 }],
      requestId: randomUUID(),
    }),
  });
  if (response.status !== 201) {
    throw new Error(`publish: HTTP ${response.status} ${await response.text()}`);
  }
  return String((await response.json()).id);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = generatedBenchArgs(['rate', 'duration', 'authors']);
  ensureBuilt();
  printTable(
    await run(options),
    'Index lag: publish through the api → findable in the search index, with the worker running',
  );
}
