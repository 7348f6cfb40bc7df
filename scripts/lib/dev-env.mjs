// The settings `npm start` and `npm run start:scaled` run the product with: defaults for this
// machine, under .env, under the real environment (which always wins).
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv } from './env.mjs';
import { root } from './stack.mjs';

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

/** Where the dev stack keeps its S3 files, signing key and logs. */
export const devDataDir = join(root, '.data', 'dev');

export function devEnvironment() {
  const env = { ...defaults, ...loadDotEnv(root), ...process.env };
  env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
  env.S3_ENDPOINT ??= `http://127.0.0.1:${env.S3_PORT}`;
  env.S3_PUBLIC_URL ??= `http://localhost:${env.S3_PORT}/${env.S3_BUCKET}`;
  env.WEB_DIST_DIR ??= join(root, 'apps', 'web', 'dist');
  env.APP_VERSION ??= process.env.npm_package_version ?? '0.1.0';
  // One signing key for the dev stack, kept across restarts so open sessions survive them.
  if (!env.AUTH_JWT_PRIVATE_KEY) {
    const keyFile = join(devDataDir, 'jwt-signing-key.pem');
    if (!existsSync(keyFile)) {
      mkdirSync(devDataDir, { recursive: true });
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    env.AUTH_JWT_PRIVATE_KEY = readFileSync(keyFile, 'utf8');
  }
  return env;
}

/** What `npm start` and `npm run start:scaled` print once everything is up. */
export function runningBanner(env, { logDir, extra = [] }) {
  const code = env.ACCESS_CODES.split(',')[0].trim();
  const lines = [
    ['App', env.PUBLIC_URL],
    ['Access code', code],
    ['Mail inbox', `http://localhost:${env.MAILDEV_WEB_PORT}`],
    ['API docs', `${env.PUBLIC_URL}/api/docs`],
    ...extra,
    ['Logs', logDir],
  ];
  return `
  Datebook is running.

${lines.map(([name, value]) => `    ${name.padEnd(15)}${value}`).join('\n')}

  Press Ctrl-C to stop.
`;
}
