// Starts and checks the services the app needs on a developer or CI machine. CommonJS so that both
// the ESM orchestration scripts and Jest's global setup can load it.
const { spawn, execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function log(message) {
  process.stdout.write(`[datebook] ${message}\n`);
}

/** Resolves true when something accepts TCP connections on host:port within `timeoutMs`. */
function canConnect(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(host, port, label, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(host, port)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label} did not start listening on ${host}:${port} within ${timeoutMs / 1000}s`);
}

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** PostgreSQL must be reachable; a local Debian cluster that is down is started. */
async function ensurePostgres({ host = '127.0.0.1', port = 5432 } = {}) {
  if (await canConnect(host, port)) {
    return;
  }
  if (hasCommand('pg_ctlcluster') && fs.existsSync('/etc/postgresql')) {
    const [version] = fs.readdirSync('/etc/postgresql');
    log(`PostgreSQL is down; starting the local cluster ${version}/main`);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
      stdio: 'inherit',
    });
    await waitForPort(host, port, 'PostgreSQL');
    return;
  }
  throw new Error(
    `PostgreSQL is not reachable on ${host}:${port}. Start it, e.g.\n` +
      `  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n` +
      `or point DATABASE_URL at a running server.`,
  );
}

/** Redis must be reachable; a local redis-server that is down is started without persistence. */
async function ensureRedis({ host = '127.0.0.1', port = 6379 } = {}) {
  if (await canConnect(host, port)) {
    return;
  }
  if (hasCommand('redis-server')) {
    log('Redis is down; starting a local redis-server');
    execFileSync(
      'redis-server',
      ['--daemonize', 'yes', '--bind', host, '--port', String(port), '--save', '', '--appendonly', 'no'],
      { stdio: 'inherit' },
    );
    await waitForPort(host, port, 'Redis');
    return;
  }
  throw new Error(
    `Redis is not reachable on ${host}:${port}. Start it, e.g.\n` +
      `  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\n` +
      `or point REDIS_URL at a running server.`,
  );
}

function spawnService(label, command, args, { logFile, env } = {}) {
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null) {
      log(`${label} exited with code ${code}${logFile ? ` (see ${logFile})` : ''}`);
    }
  });
  return child;
}

/**
 * A local S3-compatible server with the `media` bucket and CORS for browser uploads, private like
 * the buckets we deploy: s3rver behind a front that refuses unsigned or wrongly signed requests
 * (scripts/s3/private-s3rver.cjs). Returns null when one already listens on the port.
 */
async function startS3({ port, directory, host = '127.0.0.1', bucket = 'media', logFile }) {
  if (await canConnect(host, port)) {
    return null;
  }
  fs.mkdirSync(directory, { recursive: true });
  const child = spawnService(
    'S3 server',
    process.execPath,
    [
      path.join(root, 'scripts', 's3', 'private-s3rver.cjs'),
      '--directory',
      directory,
      '--address',
      host,
      '--port',
      String(port),
      '--bucket',
      bucket,
      '--cors',
      path.join(root, 'scripts', 's3', 'cors.xml'),
    ],
    { logFile },
  );
  await waitForPort(host, port, 'S3 server');
  return child;
}

/** MailDev: SMTP catcher plus its inbox UI and REST API. Returns null when one already listens. */
async function startMaildev({ smtpPort, webPort, host = '127.0.0.1', logFile }) {
  if (await canConnect(host, webPort)) {
    return null;
  }
  const child = spawnService(
    'MailDev',
    bin('maildev'),
    ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', host, '--silent'],
    { logFile },
  );
  await waitForPort(host, webPort, 'MailDev web');
  await waitForPort(host, smtpPort, 'MailDev SMTP');
  return child;
}

/** Stops children started here and waits for them, so ports are free when the caller exits. */
async function stopAll(children) {
  const alive = children.filter((child) => child && child.exitCode === null && child.signalCode === null);
  await Promise.all(
    alive.map(
      (child) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

module.exports = {
  root,
  bin,
  log,
  canConnect,
  waitForPort,
  ensurePostgres,
  ensureRedis,
  spawnService,
  startS3,
  startMaildev,
  stopAll,
};
