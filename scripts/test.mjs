// `npm test`: every test tier against real services — static checks, unit, integration (real
// PostgreSQL, Redis, S3 server, SMTP catcher) and Playwright in Chromium against the running stack.
// `--only <tier>` runs one tier: checks, unit, integration, e2e. Arguments after `--` go to Playwright
// (`--only e2e -- tests/posts.spec.ts`).
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { BROWSER_PACKAGES, ensureDebianPackages, MEDIA_PACKAGES } from './lib/debian-packages.mjs';
import { countJest, countPlaywright, countVitest } from './lib/results.mjs';
import { run } from './lib/run.mjs';
import {
  buildAll,
  ensureDatabaseServices,
  log,
  migrate,
  root,
  startApps,
  startAuxiliary,
  stopAll,
} from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { bin } = require('./lib/services.cjs');

const { values, positionals } = parseArgs({
  options: { only: { type: 'string' } },
  allowPositionals: true,
});
const tiers = values.only ? [values.only] : ['checks', 'unit', 'integration', 'e2e'];

const runId = randomBytes(4).toString('hex');
const reports = join(root, '.data', 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Test ports differ from `npm start`'s, so the suite runs beside a running dev stack.
const testEnv = {
  TEST_S3_PORT: '4569',
  TEST_SMTP_PORT: '1026',
  TEST_MAILDEV_WEB_PORT: '1081',
  DATABASE_ADMIN_URL: process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
};
const adminUrl = new URL(testEnv.DATABASE_ADMIN_URL);
const e2eDatabase = `datebook_e2e_${runId}`;
const e2eEnv = {
  NODE_ENV: 'test',
  PORT: '3100',
  WORKER_HTTP_PORT: '3101',
  PUBLIC_URL: 'http://localhost:3100',
  DATABASE_URL: new URL(`/${e2eDatabase}`, adminUrl).toString(),
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  QUEUE_PREFIX: `e2e-${runId}`,
  S3_PORT: testEnv.TEST_S3_PORT,
  S3_BUCKET: 'media',
  S3_ENDPOINT: `http://127.0.0.1:${testEnv.TEST_S3_PORT}`,
  S3_PUBLIC_URL: `http://localhost:${testEnv.TEST_S3_PORT}/media`,
  SMTP_PORT: testEnv.TEST_SMTP_PORT,
  MAILDEV_WEB_PORT: testEnv.TEST_MAILDEV_WEB_PORT,
  ACCESS_CODES: 'datebook-e2e',
  WEB_DIST_DIR: join(root, 'apps', 'web', 'dist'),
  LOG_LEVEL: 'info',
};

const results = [];
const children = [];

async function tier(name, counter, command, args, options) {
  log(`── ${name}`);
  try {
    await run(command, args, { cwd: root, ...options });
  } catch (error) {
    log(`${name} failed: ${error.message}`);
    const counts = counter();
    // A tier that failed without a report (it crashed, or it is a check) still counts as a failure.
    results.push({ name, ok: false, ...counts, failed: Math.max(1, counts.failed ?? 0) });
    return;
  }
  results.push({ name, ok: true, ...counter() });
}

const nodeBin = bin('node');
const jest = (project, tierName, label) => {
  const out = join(reports, `${label}.json`);
  return tier(
    label,
    () => countJest(out),
    nodeBin,
    [bin('jest'), '--selectProjects', tierName, '--json', `--outputFile=${out}`],
    { cwd: join(root, project), env: testEnv },
  );
};

async function main() {
  await ensureDatabaseServices({ DATABASE_URL: e2eEnv.DATABASE_URL, REDIS_URL: e2eEnv.REDIS_URL });
  await buildAll();

  if (tiers.includes('checks')) {
    await tier('typecheck', () => ({}), bin('nx'), ['run-many', '-t', 'typecheck', '--outputStyle=static']);
    await tier('lint', () => ({}), nodeBin, [bin('eslint'), '.', '--max-warnings', '0']);
    await tier('format', () => ({}), nodeBin, [bin('prettier'), '--check', '.', '--log-level', 'warn']);
    await tier('migrations lint (squawk)', () => ({}), nodeBin, [
      join(root, 'scripts', 'lint-migrations.mjs'),
    ]);
  }

  if (tiers.includes('unit')) {
    for (const lib of ['contracts', 'domain', 'db', 'server']) {
      const out = join(reports, `unit-${lib}.json`);
      await tier(
        `unit: ${lib}`,
        () => countJest(out),
        nodeBin,
        [bin('jest'), '--passWithNoTests', '--json', `--outputFile=${out}`],
        {
          cwd: join(root, 'libs', lib),
        },
      );
    }
    await jest('apps/api', 'unit', 'unit-api');
    await jest('apps/worker', 'unit', 'unit-worker');
    await jest('apps/operations', 'unit', 'unit-operations');
    const webOut = join(reports, 'unit-web.json');
    await tier(
      'unit: web',
      () => countVitest(webOut),
      nodeBin,
      [bin('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${webOut}`],
      {
        cwd: join(root, 'apps', 'web'),
      },
    );
  }

  if (tiers.includes('integration') || tiers.includes('e2e')) {
    children.push(
      ...(await startAuxiliary(
        {
          S3_PORT: testEnv.TEST_S3_PORT,
          S3_BUCKET: 'media',
          SMTP_PORT: testEnv.TEST_SMTP_PORT,
          MAILDEV_WEB_PORT: testEnv.TEST_MAILDEV_WEB_PORT,
        },
        join(tmpdir(), `datebook-test-${runId}`),
      )),
    );
  }

  if (tiers.includes('integration')) {
    // The worker's media tests run ffmpeg; the e2e stack's worker needs it too.
    await ensureDebianPackages(MEDIA_PACKAGES, log);
    const dbOut = join(reports, 'integration-db.json');
    await tier(
      'integration: db',
      () => countJest(dbOut),
      nodeBin,
      [bin('jest'), '-c', 'jest.int.config.js', '--json', `--outputFile=${dbOut}`],
      {
        cwd: join(root, 'libs', 'db'),
        env: testEnv,
      },
    );
    await jest('apps/api', 'integration', 'integration-api');
    await jest('apps/worker', 'integration', 'integration-worker');
    // Last: these start their own api and worker processes, nginx and a Redis, and kill them.
    await jest('apps/operations', 'integration', 'integration-operations');
  }

  if (tiers.includes('e2e')) {
    await ensureDebianPackages([...BROWSER_PACKAGES, ...MEDIA_PACKAGES], log);
    await migrate(e2eEnv);
    const logDir = join(reports, 'e2e-logs');
    children.push(...(await startApps(e2eEnv, { logDir })));
    const out = join(reports, 'e2e.json');
    await tier(
      'e2e: playwright',
      () => countPlaywright(out),
      nodeBin,
      [
        bin('playwright'),
        'test',
        '-c',
        'apps/e2e/playwright.config.ts',
        '--reporter=list,json',
        ...positionals,
      ],
      {
        env: {
          E2E_BASE_URL: e2eEnv.PUBLIC_URL,
          E2E_ACCESS_CODE: e2eEnv.ACCESS_CODES,
          E2E_REDIS_URL: e2eEnv.REDIS_URL,
          E2E_QUEUE_PREFIX: e2eEnv.QUEUE_PREFIX,
          // Admins are made only with database access (npm run make-admin); specs about them run it.
          E2E_DATABASE_URL: e2eEnv.DATABASE_URL,
          // The built web app the api serves: the service worker update spec deploys a new sw.js there.
          E2E_WEB_DIST_DIR: e2eEnv.WEB_DIST_DIR,
          MAILDEV_URL: `http://127.0.0.1:${testEnv.TEST_MAILDEV_WEB_PORT}`,
          PLAYWRIGHT_JSON_OUTPUT_FILE: out,
        },
      },
    );
  }
}

async function cleanup() {
  await stopAll(children);
  if (tiers.includes('e2e')) {
    const { Client } = require('pg');
    const client = new Client({ connectionString: testEnv.DATABASE_ADMIN_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${e2eDatabase}" WITH (FORCE)`);
    await client.end();
  }
}

let fatal;
try {
  await main();
} catch (error) {
  fatal = error;
}
await cleanup().catch((error) => log(`cleanup: ${error.message}`));

const total = results.reduce(
  (sum, result) => ({
    passed: sum.passed + (result.passed ?? 0),
    failed: sum.failed + (result.failed ?? 0),
    skipped: sum.skipped + (result.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('\nSummary');
for (const result of results) {
  const counts = result.passed === undefined ? '' : ` (${result.passed} passed, ${result.failed} failed)`;
  console.log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${counts}`);
}
if (fatal) {
  console.log(`  FAIL ${fatal.message}`);
}
const failed = fatal !== undefined || results.some((result) => !result.ok);
console.log(`\n${total.passed} passed, ${total.failed + (fatal ? 1 : 0)} failed, ${total.skipped} skipped`);
process.exit(failed ? 1 : 0);
