// Every benchmark in sequence, with its defaults, then one table (`npm run bench`). Builds first
// when a dist is missing. A budget miss is printed, not an exit code; a benchmark that crashes is.
import { cpus, loadavg } from 'node:os';
import { run as outboxLatency } from './outbox-latency.mjs';
import { printTable } from './lib/report.mjs';
import { run as savedPosts } from './saved-posts.mjs';
import { ensureBuilt, log } from './lib/stack.mjs';
import { run as writePath } from './write-path.mjs';

// Other work on the machine skews every figure; the load average says how much there was.
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

ensureBuilt();
log(`${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`);
const rows = [];
for (const [name, benchmark] of [
  ['write-path', writePath],
  ['outbox-latency', outboxLatency],
  ['saved-posts', savedPosts],
]) {
  try {
    rows.push(...(await benchmark()));
  } catch (error) {
    process.exitCode = 1;
    process.stderr.write(`[bench] ${name} failed: ${error?.stack ?? error}\n`);
  }
}
printTable(rows, `All benchmarks (load average after: ${load()})`);
