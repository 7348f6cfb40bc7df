// Starts the whole product the way `npm start` runs it: services, migrations, api (serving the built
// web app) and worker. `npm test` starts the same stack on its own ports for the browser tests.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { ensureDebianPackages, MEDIA_PACKAGES } from './debian-packages.mjs';
import { hostPort } from './env.mjs';
import { run } from './run.mjs';

const require = createRequire(import.meta.url);
const services = require('./services.cjs');

export const root = services.root;
const node = services.bin('node');

/** Builds every project; Nx caches, so an unchanged tree builds in seconds. */
export async function buildAll() {
  services.log('building (nx run-many -t build)…');
  await run(services.bin('nx'), ['run-many', '-t', 'build', '--outputStyle=static'], { cwd: root });
}

export async function ensureDatabaseServices(env) {
  await services.ensurePostgres(hostPort(env.DATABASE_URL, 5432));
  await services.ensureRedis(hostPort(env.REDIS_URL, 6379));
}

export async function migrate(env) {
  await run(node, [join(root, 'scripts', 'migrate.mjs')], { cwd: root, env });
}

/**
 * What `npm start` and `npm run start:scaled` both need before the apps: ffmpeg for the worker's
 * videos, PostgreSQL and Redis running, the local S3 and mail catcher (pushed onto `started` as they
 * start, so a failure later still stops them), a build and the migrations.
 */
export async function prepareLocalStack(env, dataDir, started) {
  await ensureDebianPackages(MEDIA_PACKAGES, services.log);
  await ensureDatabaseServices(env);
  started.push(...(await startAuxiliary(env, dataDir)));
  await buildAll();
  await migrate(env);
}

/** The S3 server and MailDev, unless something already listens on their ports. */
export async function startAuxiliary(env, dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const s3 = await services.startS3({
    port: Number(env.S3_PORT),
    directory: join(dataDir, 's3'),
    bucket: env.S3_BUCKET,
    logFile: join(dataDir, 's3.log'),
  });
  const maildev = await services.startMaildev({
    smtpPort: Number(env.SMTP_PORT),
    webPort: Number(env.MAILDEV_WEB_PORT),
    logFile: join(dataDir, 'maildev.log'),
  });
  return [s3, maildev];
}

async function waitForReady(url, label, child, logDir, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `${label} exited with code ${child.exitCode} while starting (see ${join(logDir, `${label}.log`)})`,
      );
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label} was not ready at ${url} within ${timeoutMs / 1000}s: ${last}`);
}

/** api and worker as child processes; their JSON logs go to files in `logDir`. */
export async function startApps(env, { logDir }) {
  mkdirSync(logDir, { recursive: true });
  const start = (label, script) =>
    services.spawnService(label, node, ['--enable-source-maps', join(root, script)], {
      env,
      logFile: join(logDir, `${label}.log`),
    });
  const api = start('api', 'apps/api/dist/main.js');
  const worker = start('worker', 'apps/worker/dist/main.js');
  try {
    await waitForReady(`http://127.0.0.1:${env.PORT}/health/ready`, 'api', api, logDir);
    await waitForReady(`http://127.0.0.1:${env.WORKER_HTTP_PORT}/health/ready`, 'worker', worker, logDir);
  } catch (error) {
    // Never leave one of the pair running when the other failed to start.
    await services.stopAll([api, worker]);
    throw error;
  }
  return [api, worker];
}

export const stopAll = (children) => services.stopAll(children);
export const log = (message) => services.log(message);
