// The soak (issue 15): ten minutes of mixed load against the product scaled out as operators run it
// — nginx in front of api × 2, worker × 2 (scripts/lib/cluster.cjs) — on a database, Redis prefix,
// S3 server and MailDev of its own, seeded with a small generated community:
//
// - reads and writes through nginx at a steady rate: feeds (Following, For You), post details,
//   profiles, search; likes, comments, follows;
// - new posts with a photo now and then (presigned upload to S3, publish), which the workers
//   process into renditions and announce on the owner's sockets (`media.status`);
// - every member's sockets open through nginx, in their plan's room, some sending plan operations
//   that every other socket of the room must hear.
//
// It prints per kind of call its count, failures and p50/p99; the sockets' connects, drops,
// operations acknowledged and deliveries missing; the media jobs done; how the work spread over the
// replicas; and each process's memory (RSS, and V8 heap from /metrics) at the start, middle and
// end, flagging growth over the second half. Figures are printed, never judged: the exit code is
// non-zero only when the harness breaks or more than 5 % of calls fail.
//
//   npm run bench:soak
//   SOAK_SECONDS=60 node_modules/.bin/node bench/soak.mjs
//
// Settings (environment, defaults in brackets): SOAK_SECONDS [600], SOAK_RATE [40] calls/s in the
// mix, SOAK_POST_EVERY [2] seconds between new posts, SOAK_OP_RATE [5] plan operations/s,
// SOAK_PLANS [10] × SOAK_PEOPLE [4] members, SOAK_TABS [2] sockets per member, SOAK_APIS [2],
// SOAK_WORKERS [2], SOAK_POOL [10] (DATABASE_POOL_SIZE of each process), SOAK_USERS [2000] and
// SOAK_POSTS [20000] generated (SOAK_FOLLOWS [20] follows each on average), SOAK_MAX_IN_FLIGHT [100] calls of the mix at once.
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { printMemory, printTrend, sampleMemory } from './lib/soak-memory.mjs';
import { spreadLines } from './lib/soak-metrics.mjs';
import { KindStats, runMix, runPosts, soakPhoto } from './lib/soak-load.mjs';
import { MediaTracker } from './lib/soak-media.mjs';
import { printKinds } from './lib/soak-report.mjs';
import { generateCommunity, seedMembers } from './lib/soak-seed.mjs';
import { SocketFleet } from './lib/soak-sockets.mjs';
import { startSoakStack } from './lib/soak-stack.mjs';
import { ensureBuilt, log, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';

const setting = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, not ${process.env[name]}`);
  }
  return value;
};

const settings = {
  seconds: setting('SOAK_SECONDS', 600),
  rate: setting('SOAK_RATE', 40),
  postEvery: setting('SOAK_POST_EVERY', 2),
  opRate: setting('SOAK_OP_RATE', 5),
  plans: setting('SOAK_PLANS', 10),
  people: setting('SOAK_PEOPLE', 4),
  tabs: setting('SOAK_TABS', 2),
  apis: setting('SOAK_APIS', 2),
  workers: setting('SOAK_WORKERS', 2),
  pool: setting('SOAK_POOL', 10),
  users: setting('SOAK_USERS', 2000),
  posts: setting('SOAK_POSTS', 20000),
  follows: setting('SOAK_FOLLOWS', 20),
  maxInFlight: setting('SOAK_MAX_IN_FLIGHT', 100),
};

/** Above this share of failed calls the run is not a soak but a broken stack: exit non-zero. */
const ABSURD_ERROR_RATE = 0.05;
/** Memory is sampled this often: often enough that the heap's low points after collections show. */
const MEMORY_EVERY_MS = 5_000;
/** A progress line every this many samples. */
const PROGRESS_EVERY = 6;
/** Runs shorter than this are mostly warm-up: JIT, pools and caches still filling. */
const WARM_UP_SECONDS = 300;
/** How long after the load the last published photos may take to be processed. */
const MEDIA_GRACE_MS = 60_000;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const write = (text) => process.stdout.write(`${text}\n`);

ensureBuilt();
log(
  `soak ${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}: ` +
    Object.entries(settings)
      .map(([name, value]) => `${name} ${value}`)
      .join(', '),
);

const failures = await withCleanup(
  async (cleanup) => {
    const { io } = await import('socket.io-client');
    const stack = await startSoakStack(cleanup, {
      apis: settings.apis,
      workers: settings.workers,
      poolSize: settings.pool,
      // Tokens outlive the run: the soak measures the load, not token refreshes.
      tokenTtlSeconds: Math.min(86_400, Math.ceil(settings.seconds) + 1_800),
      beforeStart: (databaseUrl) => generateCommunity(databaseUrl, settings),
    });
    const { cluster } = stack;
    const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 4, application_name: 'bench-soak' });
    cleanup.add('pg pool', () => pool.end());
    log(`load balancer ${cluster.url}`);

    const seed = await seedMembers(cluster.url, pool, settings);
    const media = new MediaTracker();
    const fleet = new SocketFleet({
      io,
      url: cluster.url,
      teams: seed.teams,
      tabs: settings.tabs,
      onMediaStatus: (payload) => media.status(payload),
    });
    cleanup.add('sockets', () => fleet.close());
    await fleet.connect();
    log(`${fleet.slots.length} sockets joined their plans through nginx`);
    const photo = await soakPhoto();

    const stats = new KindStats();
    const memory = [];
    const began = performance.now();
    const until = began + settings.seconds * 1000;
    const sampleAt = async () =>
      memory.push({ at: (performance.now() - began) / 1000, sample: await sampleMemory(cluster) });
    await sampleAt();
    log(`load for ${settings.seconds}s`);
    const sampler = (async () => {
      for (let k = 1; began + k * MEMORY_EVERY_MS < until; k += 1) {
        await sleep(began + k * MEMORY_EVERY_MS - performance.now());
        await sampleAt();
        if (k % PROGRESS_EVERY !== 0) {
          continue;
        }
        const calls = [...stats.kinds.values()].reduce(
          (sum, entry) => sum + entry.latencies.length + entry.errors,
          0,
        );
        const errors = [...stats.kinds.values()].reduce((sum, entry) => sum + entry.errors, 0);
        log(
          `${Math.round((performance.now() - began) / 1000)}s: ${calls} calls, ${errors} failed, ` +
            `${fleet.slots.filter((slot) => slot.joined).length}/${fleet.slots.length} sockets joined, ` +
            `${media.ready.size}/${media.published.size} photos processed, load average ${load()}`,
        );
      }
    })();
    const [mix, posts, ops] = await Promise.all([
      runMix({
        url: cluster.url,
        seed,
        stats,
        rate: settings.rate,
        until,
        maxInFlight: settings.maxInFlight,
      }),
      runPosts({
        url: cluster.url,
        seed,
        stats,
        photo,
        everySeconds: settings.postEvery,
        until,
        onPublished: (uploadId) => media.publish(uploadId),
      }),
      fleet.runOps({ rate: settings.opRate, until, stats }),
      sampler,
    ]);
    await sampleAt();
    const elapsed = (performance.now() - began) / 1000;
    const sockets = { ...fleet.counts };
    const reasons = [...fleet.disconnectReasons];

    const mediaWaitUntil = performance.now() + MEDIA_GRACE_MS;
    while (media.outstanding() > 0 && performance.now() < mediaWaitUntil) {
      await sleep(500);
    }
    const { rows: mediaRows } = await pool.query(
      `SELECT pm.status, count(*)::int AS n FROM post_media pm JOIN activities a ON a.id = pm.activity_id
        WHERE a.title LIKE 'Soak lantern walk %' GROUP BY pm.status ORDER BY pm.status`,
    );
    const spread = await spreadLines(cluster);

    write(`\nSoak: ${elapsed.toFixed(0)}s of load through nginx (${cluster.url}), load average ${load()}`);
    const { calls, errors } = printKinds(stats, elapsed, write);
    const skipped = mix.skipped + posts.skipped + ops.skipped;
    write(
      `\nOverall: ${calls} calls, ${errors} failed (${((100 * errors) / Math.max(1, calls)).toFixed(3)} %)` +
        (skipped > 0 ? `, ${skipped} not sent (${settings.maxInFlight} calls already in flight)` : ''),
    );
    write(
      `Sockets: ${sockets.sockets} open, ${sockets.connects} connects (${sockets.connects - sockets.sockets} reconnects), ` +
        `${sockets.connectErrors} connect errors, ${sockets.disconnects} disconnects` +
        (reasons.length > 0
          ? ` (${reasons.map(([reason, count]) => `${count}× ${reason}`).join(', ')})`
          : '') +
        `, ${sockets.joins} joins (${sockets.joinRefusals} refused)`,
    );
    write(
      `Plan ops: ${sockets.opsSent} sent, ${sockets.opsAcked} acknowledged, ${sockets.opsRefused} refused, ` +
        `${sockets.opsUnanswered} unanswered; ${sockets.events} plan.event received, ` +
        `${sockets.deliveriesMissing} of ${sockets.deliveriesExpected} deliveries to connected sockets missing`,
    );
    const readiness = summarize(media.latencies);
    write(
      `Media: ${media.published.size} photos published, ${media.ready.size} ready and ${media.failed.size} failed ` +
        `by media.status on the owner's sockets (publish → ready p50 ${readiness.p50.toFixed(0)} ms, ` +
        `p99 ${readiness.p99.toFixed(0)} ms); post_media rows: ` +
        (mediaRows.map((row) => `${row.n} ${row.status}`).join(', ') || 'none'),
    );
    write(['Spread over the replicas:', ...spread].join('\n'));
    for (const process of [...cluster.apis, ...cluster.workers].filter((each) => !each.running)) {
      write(`Finding: ${process.label} is not running at the end:\n${process.lastOutput(20)}`);
    }
    write('');
    const flagged = printMemory(memory, write);
    printTrend(memory, write);
    if (flagged.length > 0) {
      write(
        `\nFinding: memory grew over the second half in ${flagged.join(', ')}` +
          (settings.seconds < WARM_UP_SECONDS
            ? ` (but a run under ${WARM_UP_SECONDS}s is mostly warm-up: run the full ten minutes to tell)`
            : ''),
      );
    }
    return { calls, errors };
  },
  { timeLimitMs: settings.seconds * 1000 + 20 * 60_000 },
);

if (failures.errors > failures.calls * ABSURD_ERROR_RATE) {
  process.stderr.write(
    `[bench] ${failures.errors} of ${failures.calls} calls failed: above ${ABSURD_ERROR_RATE * 100} %, the stack is broken\n`,
  );
  process.exitCode = 1;
}
