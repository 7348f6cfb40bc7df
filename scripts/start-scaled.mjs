// `npm run start:scaled`: the product scaled out on this machine, as production runs it — two apis
// and two workers behind nginx on PORT (3000), sharing PostgreSQL and Redis. Ctrl-C stops it all.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { devDataDir, devEnvironment, runningBanner } from './lib/dev-env.mjs';
import { log, prepareLocalStack, stopAll } from './lib/stack.mjs';

const require = createRequire(import.meta.url);
const { startCluster } = require('./lib/cluster.cjs');

const env = devEnvironment();
const auxiliary = [];
let cluster = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) {
    return;
  }
  stopping = true;
  log('stopping…');
  await cluster?.stop();
  await stopAll(auxiliary);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await prepareLocalStack(env, devDataDir, auxiliary);
  const logDir = join(devDataDir, 'logs-scaled');
  log('starting 2 apis and 2 workers behind nginx…');
  cluster = await startCluster({
    env,
    apis: 2,
    workers: 2,
    loadBalancer: { host: env.HOST ?? '0.0.0.0', port: Number(env.PORT) },
    logDir,
  });
  const processes = [...cluster.apis, ...cluster.workers];
  const extra = [
    ...processes.map((member) => [member.label, member.url]),
    ['Load balancer', `nginx on ${cluster.url} (pid ${cluster.loadBalancer.pid})`],
  ];
  console.log(runningBanner(env, { logDir, extra }));
  for (const member of processes) {
    void member.exited().then(({ code, signal }) => {
      if (!stopping) {
        log(`${member.label} exited (${signal ?? `code ${code}`}, see ${member.logFile}); stopping the rest`);
        void shutdown(1);
      }
    });
  }
} catch (error) {
  console.error(`[datebook] could not start: ${error.message}`);
  await shutdown(1);
}
