// `npm start`: everything a newcomer needs, on one URL. Ctrl-C stops every process started here.
import { join } from 'node:path';
import { devDataDir, devEnvironment, runningBanner } from './lib/dev-env.mjs';
import { log, prepareLocalStack, startApps, stopAll } from './lib/stack.mjs';

const env = devEnvironment();
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
  await prepareLocalStack(env, devDataDir, children);
  const logDir = join(devDataDir, 'logs');
  children.push(...(await startApps(env, { logDir })));
  console.log(runningBanner(env, { logDir }));
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
