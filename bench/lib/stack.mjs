import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

const services = createRequire(import.meta.url)('../../scripts/lib/services.cjs');

const root = services.root;

// Spare ports, so a bench can run beside `npm start` (4568/1025/1080) and `npm test` (4569/1026/1081).
const S3_PORT = Number(process.env.BENCH_S3_PORT ?? 4579);
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 1035);
const MAILDEV_WEB_PORT = Number(process.env.BENCH_MAILDEV_WEB_PORT ?? 1090);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// As scripts/lib/cluster.cjs: on a shared, loaded machine an api takes 20 s and more to start.
const READY_TIMEOUT_MS = 90_000;

// The project's own Node (24) when installed, whatever Node runs the bench script.
const nodeBinary = existsSync(services.bin('node')) ? services.bin('node') : process.execPath;

export const log = (message) => process.stdout.write(`[bench] ${message}\n`);

/** Builds everything with nx when a dist the benches load is missing (a fresh clone). */
export function ensureBuilt() {
  const outputs = [
    'apps/api/dist/main.js',
    'apps/worker/dist/main.js',
    'libs/db/dist/testing/index.js',
    'apps/web/dist/index.html',
  ];
  if (outputs.every((output) => existsSync(join(root, output)))) {
    return;
  }
  log('dist is missing: building with nx');
  execFileSync(nodeBinary, [services.bin('nx'), 'run-many', '-t', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}

/** Undo steps run last-in first-out; one failing step does not keep the others from running. */
export class Cleanup {
  #steps = [];

  add(label, step) {
    this.#steps.push({ label, step });
  }

  async run() {
    while (this.#steps.length > 0) {
      const { label, step } = this.#steps.pop();
      try {
        await step();
      } catch (error) {
        process.stderr.write(`[bench] cleanup of ${label} failed: ${error?.message ?? error}\n`);
      }
    }
  }
}

/**
 * Runs `body(cleanup)`, then the cleanup, whether it succeeds, throws, is interrupted, or overruns
 * `timeLimitMs` (a hung service must not leave a bench running, and its databases behind, forever).
 */
export async function withCleanup(body, { timeLimitMs = 5 * 60_000 } = {}) {
  const cleanup = new Cleanup();
  const abort = (reason, exitCode) => {
    process.stderr.write(`[bench] ${reason}: cleaning up\n`);
    void cleanup.run().finally(() => process.exit(exitCode));
  };
  const onSigint = () => abort('SIGINT', 130);
  const onSigterm = () => abort('SIGTERM', 143);
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  const watchdog = setTimeout(() => abort(`time limit of ${timeLimitMs / 1000}s reached`, 124), timeLimitMs);
  watchdog.unref();
  try {
    return await body(cleanup);
  } finally {
    clearTimeout(watchdog);
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    await cleanup.run();
  }
}

/**
 * A migrated throwaway database, S3 and MailDev on spare ports, and a Redis key prefix of its own
 * (`bench_<pid>_<hex>`, used as QUEUE_PREFIX: it prefixes the queues and the rate-limit counters).
 * `start('api' | 'worker')` then runs the built app against them, with `env` added to their
 * environment. Everything is undone by `cleanup`.
 */
export async function startStack(cleanup, { poolSize = 10, env: extraEnv = {} } = {}) {
  await services.ensurePostgres();
  await services.ensureRedis();
  const runId = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;

  cleanup.add('redis keys', () => deleteKeys(REDIS_URL, `${runId}:*`));
  const { createTemplateDatabase, dropDatabase, DEFAULT_ADMIN_URL } = await import('@datebook/db/testing');
  cleanup.add('database', () => dropDatabase(DEFAULT_ADMIN_URL, runId));
  const databaseUrl = await createTemplateDatabase(DEFAULT_ADMIN_URL, runId);

  const dir = mkdtempSync(join(tmpdir(), `${runId}-`));
  cleanup.add('temp dir', () => rmSync(dir, { recursive: true, force: true }));
  const serviceChildren = [];
  cleanup.add('S3 and MailDev', () => services.stopAll(serviceChildren));
  serviceChildren.push(
    await services.startS3({ port: S3_PORT, directory: join(dir, 's3'), logFile: join(dir, 's3.log') }),
    await services.startMaildev({
      smtpPort: SMTP_PORT,
      webPort: MAILDEV_WEB_PORT,
      logFile: join(dir, 'maildev.log'),
    }),
  );

  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // NODE_ENV only switches on production's checks for real secrets, which a bench has no use for.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    REDIS_URL,
    QUEUE_PREFIX: runId,
    ACCESS_CODES: `bench-${randomBytes(6).toString('hex')}`,
    S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    S3_PUBLIC_URL: `http://127.0.0.1:${S3_PORT}/media`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(SMTP_PORT),
    ...extraEnv,
  };

  return {
    runId,
    databaseUrl,
    redisUrl: REDIS_URL,
    queuePrefix: runId,
    start: (app) => startApp(cleanup, app, env, dir),
  };
}

async function startApp(cleanup, app, baseEnv, dir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(dir, `${app}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(nodeBinary, [join(root, 'apps', app, 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...baseEnv,
      PORT: String(port),
      WORKER_HTTP_PORT: String(port),
      PUBLIC_URL: url,
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a profile of each app, written when it stops.
      ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
    },
  });
  closeSync(out);
  cleanup.add(app, async () => {
    await services.stopAll([child]);
    // At LOG_LEVEL=warn anything in the log deserves a look (a failed job, a relay error).
    const logged = tail(logFile, 10);
    if (logged) {
      process.stderr.write(`[bench] ${app} logged:\n${logged}\n`);
    }
  });

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${app} exited before it was ready:\n${tail(logFile, 30)}`);
    }
    const ready = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      return { url };
    }
    if (Date.now() > deadline) {
      throw new Error(`${app} was not ready within ${READY_TIMEOUT_MS / 1000}s:\n${tail(logFile, 30)}`);
    }
    await sleep(200);
  }
}

/**
 * Runs a helper script of bench/ as a child process and resolves once it prints a line "ready".
 * The child is stopped by `cleanup`, or earlier by `stop()`.
 */
export async function startScript(cleanup, script, env) {
  const child = spawn(nodeBinary, [script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  const stop = () => services.stopAll([child]);
  cleanup.add(script, stop);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} was not ready within ${READY_TIMEOUT_MS / 1000}s`)),
      READY_TIMEOUT_MS,
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/^ready$/m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready`));
    });
  });
  return { child, stop };
}

/** Deletes every key matching `pattern` with SCAN + DEL (never KEYS, which blocks Redis). */
export async function deleteKeys(redisUrl, pattern) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A port nothing listens on now, for a server a bench starts. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function tail(file, lines) {
  if (!existsSync(file)) {
    return '';
  }
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
