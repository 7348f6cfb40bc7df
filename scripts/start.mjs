// `npm start`: everything a newcomer needs, on one URL. Ctrl-C stops every process started here.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages, MEDIA_PACKAGES } from './lib/debian-packages.mjs';
import { loadDotEnv } from './lib/env.mjs';
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

const defaults = {
  NODE_ENV: 'development',
  PORT: '3000',
  WORKER_HTTP_PORT: '3001',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/datebook',
  REDIS_URL: 'redis://127.0.0.1:6379',
  S3_PORT: '4568',
  S3_BUCKET: 'media',
  SMTP_PORT: '1025',
  MAILDEV_WEB_PORT: '1080',
  ACCESS_CODES: 'datebook-dev',
};
const env = { ...defaults, ...loadDotEnv(root), ...process.env };
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
env.S3_ENDPOINT ??= `http://127.0.0.1:${env.S3_PORT}`;
env.S3_PUBLIC_URL ??= `http://localhost:${env.S3_PORT}/${env.S3_BUCKET}`;
env.WEB_DIST_DIR ??= join(root, 'apps', 'web', 'dist');
env.APP_VERSION ??= process.env.npm_package_version ?? '0.1.0';

const dataDir = join(root, '.data', 'dev');

// One signing key for the dev stack, kept across restarts so open sessions survive them.
if (!env.AUTH_JWT_PRIVATE_KEY) {
  const keyFile = join(dataDir, 'jwt-signing-key.pem');
  if (!existsSync(keyFile)) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  env.AUTH_JWT_PRIVATE_KEY = readFileSync(keyFile, 'utf8');
}
const children = [];
let stopping = false;

async function shutdown(code) {
  if (stopping) {
    return;
  }
  stopping = true;
  log('stopping…');
  await stopAll(children);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // The worker processes videos with ffmpeg.
  await ensureDebianPackages(MEDIA_PACKAGES, log);
  await ensureDatabaseServices(env);
  children.push(...(await startAuxiliary(env, dataDir)));
  await buildAll();
  await migrate(env);
  children.push(...(await startApps(env, { logDir: join(dataDir, 'logs') })));
  const code = env.ACCESS_CODES.split(',')[0].trim();
  console.log(`
  Datebook is running.

    App            ${env.PUBLIC_URL}
    Access code    ${code}
    Mail inbox     http://localhost:${env.MAILDEV_WEB_PORT}
    API docs       ${env.PUBLIC_URL}/api/docs
    Logs           ${join(dataDir, 'logs')}

  Press Ctrl-C to stop.
`);
  for (const child of children.filter(Boolean)) {
    child.once('exit', (exitCode) => {
      if (!stopping) {
        log(`a process exited (code ${exitCode}); stopping the rest`);
        void shutdown(1);
      }
    });
  }
} catch (error) {
  console.error(`[datebook] could not start: ${error.message}`);
  await shutdown(1);
}
