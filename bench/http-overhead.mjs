// The request pipeline's own cost: the api's `/health/live` (no work at all) and `/api/categories`
// (a read that needs no database once cached) next to a bare Fastify server answering the same JSON
// as `/health/live`, all at the same concurrency in the same run. The gap between bare Fastify and
// `/health/live` is what every api request pays before its handler does anything: Nest's routing,
// guards and interceptors, request ids, security headers, metrics and logging.
//
//   node bench/http-overhead.mjs [--duration 10] [--connections 50] [--rounds 5] [--warmup 2]
//
// Each server runs in a process of its own; autocannon runs in this one. The targets take turns in
// `--rounds` short rounds, so a burst of other work on the machine hits all of them alike: the
// share is the median of the rounds' shares, each taken between measurements seconds apart. Each
// server also reports the CPU time it spent (the api through its `/metrics`), which load on the
// machine skews far less than the request rate.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printTable } from './lib/report.mjs';
import { ensureBuilt, freePort, log, startScript, startStack, withCleanup } from './lib/stack.mjs';

export const OVERHEAD_BUDGET = { text: 'health/live ≥ 50% of bare Fastify', share: 0.5 };

export const defaults = { duration: 10, connections: 50, rounds: 5, warmup: 2 };

const HEALTH_BODY = { status: 'ok' };
const REQUEST_ID = 'bench-check-0001';

// Started by `run` as a child: this file, with this variable set, is the bare server.
const BARE_PORT_VARIABLE = 'BENCH_BARE_FASTIFY_PORT';

export async function run(options = {}) {
  const { duration, connections, rounds, warmup } = { ...defaults, ...options };
  return withCleanup(async (cleanup) => {
    const stack = await startStack(cleanup);
    const api = await stack.start('api');
    const barePort = await freePort();
    await startScript(cleanup, fileURLToPath(import.meta.url), { [BARE_PORT_VARIABLE]: String(barePort) });
    const bareUrl = `http://127.0.0.1:${barePort}`;

    const targets = [
      {
        name: 'bare Fastify, same JSON as /health/live',
        url: `${bareUrl}/health/live`,
        cpuSeconds: () => bareCpuSeconds(bareUrl),
      },
      {
        name: 'api GET /health/live',
        url: `${api.url}/health/live`,
        cpuSeconds: () => apiCpuSeconds(api.url),
        api: true,
      },
      {
        name: 'api GET /api/categories',
        url: `${api.url}/api/categories`,
        cpuSeconds: () => apiCpuSeconds(api.url),
        api: true,
      },
    ];
    for (const target of targets) {
      await checkAnswer(target);
      log(`${target.name}: ${warmup}s warm-up`);
      await autocannon({ url: target.url, connections, duration: warmup });
    }

    const seconds = duration / rounds;
    log(`${rounds} rounds of ${seconds}s per target at ${connections} connections`);
    const measured = targets.map(() => []);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, target] of targets.entries()) {
        measured[index].push(await measure(target, { seconds, connections }));
      }
    }

    const rows = targets.map((target, index) => summarize(target.name, measured[index]));
    const [bare, health, categories] = rows;
    const shares = (index) => measured[index].map((result, round) => result.rate / measured[0][round].rate);
    const healthShare = median(shares(1));
    log(`health/live share of bare by round: ${shares(1).map(percent).join(' ')}`);
    log(`categories share of bare by round: ${shares(2).map(percent).join(' ')}`);
    for (const row of rows.slice(1)) {
      log(`${row.name}: ${(row.cpuMicros / bare.cpuMicros).toFixed(1)}× bare Fastify's CPU time per request`);
    }
    for (const row of rows) {
      row.name = `${row.name}, ${row.cpuMicros.toFixed(1)} µs CPU/req`;
    }
    health.budget = OVERHEAD_BUDGET.text;
    health.verdict =
      health.errors + bare.errors > 0
        ? `MISS (${percent(healthShare)}, errors)`
        : `${healthShare >= OVERHEAD_BUDGET.share ? 'PASS' : 'MISS'} (${percent(healthShare)})`;
    categories.name += ` (${percent(median(shares(2)))} of bare)`;
    return rows;
  });
}

/** One answer before the load: a 200 with the JSON body, and on the api the request id echoed. */
async function checkAnswer(target) {
  const response = await fetch(target.url, { headers: { 'x-request-id': REQUEST_ID } });
  await response.json();
  if (!response.ok) {
    throw new Error(`${target.url}: HTTP ${response.status}`);
  }
  if (target.api && response.headers.get('x-request-id') !== REQUEST_ID) {
    throw new Error(`${target.url} did not echo the request id`);
  }
}

/** One round of one target: autocannon's figures and the CPU time the server spent on them. */
async function measure(target, { seconds, connections }) {
  const cpuBefore = await target.cpuSeconds();
  const result = await autocannon({ url: target.url, connections, duration: seconds });
  const cpu = (await target.cpuSeconds()) - cpuBefore;
  return {
    requests: result['2xx'],
    rate: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpu,
  };
}

/** A row of the table: the rate over every round, the median round's latencies, CPU per request. */
function summarize(name, results) {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const cpu = results.reduce((sum, result) => sum + result.cpu, 0);
  const seconds = results.reduce((sum, result) => sum + result.requests / result.rate, 0);
  return {
    bench: 'http-overhead',
    name,
    rate: requests / seconds,
    p50: median(results.map((result) => result.p50)),
    p95: Number.NaN,
    p99: median(results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    cpuMicros: (cpu * 1e6) / requests,
  };
}

/** User + system CPU seconds of the api process, from prom-client's process metrics. */
async function apiCpuSeconds(apiUrl) {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
  return value('process_cpu_user_seconds_total') + value('process_cpu_system_seconds_total');
}

async function bareCpuSeconds(bareUrl) {
  const { user, system } = await (await fetch(`${bareUrl}/cpu`)).json();
  return (user + system) / 1e6;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const percent = (share) => `${(share * 100).toFixed(0)}%`;

/**
 * The baseline: Fastify as the api depends on it, no plugins, no logger, the one route, and its
 * own CPU time for the bench to read between rounds.
 */
async function serveBare(port) {
  const requireFromApi = createRequire(join(fileURLToPath(import.meta.url), '../../apps/api/package.json'));
  const fastify = requireFromApi('fastify')();
  fastify.get('/health/live', async () => HEALTH_BODY);
  fastify.get('/cpu', async () => process.cpuUsage());
  await fastify.listen({ host: '127.0.0.1', port });
  process.stdout.write('ready\n');
  const stop = () => void fastify.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env[BARE_PORT_VARIABLE]) {
    await serveBare(Number(process.env[BARE_PORT_VARIABLE]));
  } else {
    const { values } = parseArgs({
      options: Object.fromEntries(
        ['duration', 'connections', 'rounds', 'warmup'].map((name) => [name, { type: 'string' }]),
      ),
    });
    const options = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value)
        .map(([name, value]) => [name, Number(value)]),
    );
    ensureBuilt();
    const load = () =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
    log(`load average ${load()}`);
    printTable(
      await run(options),
      `HTTP overhead at ${options.connections ?? defaults.connections} connections (load average after: ${load()})`,
    );
  }
}
