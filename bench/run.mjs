// Every benchmark in sequence, with its defaults, then one table (`npm run bench`). Builds first
// when a dist is missing. A budget miss is printed, not an exit code; a benchmark that crashes is.
// `--discovery` adds the million-post benches (feed, search, index lag); the first of them
// generates the data set and keeps it when no kept one exists (a few minutes, about 4.3 GB).
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { run as feed } from './feed.mjs';
import { run as httpOverhead } from './http-overhead.mjs';
import { run as indexLag } from './index-lag.mjs';
import { run as media } from './media.mjs';
import { run as outboxLatency } from './outbox-latency.mjs';
import { run as planCollab } from './plan-collab.mjs';
import { run as planOps } from './plan-ops.mjs';
import { printTable } from './lib/report.mjs';
import { run as savedPosts } from './saved-posts.mjs';
import { run as search } from './search.mjs';
import { ensureBuilt, log } from './lib/stack.mjs';
import { run as writePath } from './write-path.mjs';

const { values: flags } = parseArgs({ options: { discovery: { type: 'boolean' } } });

// Other work on the machine skews every figure; the load average says how much there was.
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

ensureBuilt();
log(`${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`);
const rows = [];
const benchmarks = [
  ['write-path', writePath],
  ['outbox-latency', outboxLatency],
  ['saved-posts', savedPosts],
  ['http-overhead', httpOverhead],
  ['plan-ops', planOps],
  ['plan-collab', planCollab],
  ['media', media],
  ...(flags.discovery
    ? [
        ['feed', () => feed({ keep: true })],
        ['search', () => search({ keep: true })],
        ['index-lag', () => indexLag({ keep: true })],
      ]
    : []),
];
for (const [name, benchmark] of benchmarks) {
  try {
    rows.push(...(await benchmark()));
  } catch (error) {
    process.exitCode = 1;
    process.stderr.write(`[bench] ${name} failed: ${error?.stack ?? error}\n`);
  }
}
printTable(rows, `All benchmarks (load average after: ${load()})`);
