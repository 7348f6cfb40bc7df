// The soak's stack: the product scaled out as operators run it (nginx in front of api × N, worker × M,
// scripts/lib/cluster.cjs) on a migrated database, a Redis key prefix, an S3 server and a MailDev of
// the run's own, every service on a free port. Everything is undone by the run's cleanup.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteKeys, log } from './stack.mjs';

const require = createRequire(import.meta.url);
const services = require('../../scripts/lib/services.cjs');

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Starts the stack and returns `{ cluster, databaseUrl }`. `beforeStart(databaseUrl)`
 * fills the migrated database before any process runs on it.
 */
export async function startSoakStack(cleanup, { apis, workers, poolSize, tokenTtlSeconds, beforeStart }) {
  // Loaded here, not at the top: a missing harness is reported as the run's failure, with its cause.
  const clusters = require('../../scripts/lib/cluster.cjs');
  await services.ensurePostgres();
  await services.ensureRedis();
  const runId = `soak_${process.pid}_${randomBytes(3).toString('hex')}`;

  cleanup.add('redis keys', () => deleteKeys(REDIS_URL, `${runId}:*`));
  const { createTemplateDatabase, dropDatabase, DEFAULT_ADMIN_URL } = await import('@datebook/db/testing');
  cleanup.add('database', () => dropDatabase(DEFAULT_ADMIN_URL, runId));
  const databaseUrl = await createTemplateDatabase(DEFAULT_ADMIN_URL, runId);
  await beforeStart(databaseUrl);

  const dir = mkdtempSync(join(tmpdir(), `${runId}-`));
  const logDir = join(dir, 'logs');
  cleanup.add('temp dir', () => rmSync(dir, { recursive: true, force: true }));
  const [s3Port, smtpPort, maildevWebPort, loadBalancerPort] = [
    await clusters.freePort(),
    await clusters.freePort(),
    await clusters.freePort(),
    await clusters.freePort(),
  ];
  const serviceChildren = [];
  cleanup.add('S3 and MailDev', () => services.stopAll(serviceChildren));
  serviceChildren.push(
    await services.startS3({ port: s3Port, directory: join(dir, 's3'), logFile: join(dir, 's3.log') }),
    await services.startMaildev({ smtpPort, webPort: maildevWebPort, logFile: join(dir, 'maildev.log') }),
  );

  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicUrl = `http://127.0.0.1:${loadBalancerPort}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // NODE_ENV only switches on production's checks for real secrets, which a bench has no use for.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: String(poolSize),
    REDIS_URL,
    QUEUE_PREFIX: runId,
    ACCESS_CODES: `soak-${randomBytes(6).toString('hex')}`,
    // Every replica signs and checks with the same key, as behind a real load balancer.
    AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    AUTH_ACCESS_TOKEN_TTL_SECONDS: String(tokenTtlSeconds),
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_PUBLIC_URL: `http://127.0.0.1:${s3Port}/media`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
  };

  log(`starting nginx, api × ${apis} and worker × ${workers} (logs in ${logDir})`);
  const cluster = await clusters.startCluster({
    env,
    apis,
    workers,
    loadBalancer: { port: loadBalancerPort },
    logDir,
  });
  cleanup.add('cluster', async () => {
    await cluster.stop();
    // At LOG_LEVEL=warn anything a process logged deserves a look (a failed job, a relay error).
    for (const process of [...cluster.apis, ...cluster.workers]) {
      const logged = logSummary(process.logFile);
      log(`${process.label} logged: ${logged.length > 0 ? logged.join('; ') : 'nothing'}`);
    }
  });
  return { cluster, databaseUrl };
}

const LEVELS = { 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** The JSON log lines of `file` counted by level and message, most frequent first ('1069× warn slow request'). */
function logSummary(file) {
  const counts = new Map();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) {
      continue;
    }
    try {
      const entry = JSON.parse(line);
      const key = `${LEVELS[entry.level] ?? entry.level} ${entry.msg ?? ''}`.trim();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      counts.set('unparsed line', (counts.get('unparsed line') ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${count}× ${key}`);
}

/** Resident set size of a process and every process it started (nginx's master and its workers). */
export function treeRss(pid) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), parent);
    } catch {
      // The process ended while the list was read.
    }
  }
  let total = 0;
  for (const [candidate] of parentOf) {
    if (candidate === pid || parentOf.get(candidate) === pid) {
      total += rssOf(candidate) ?? 0;
    }
  }
  return total;
}

function rssOf(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
