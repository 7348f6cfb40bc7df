// The product scaled out on one machine: api × N and worker × M from their built dist, with Debian's
// nginx balancing over the apis. CommonJS like services.cjs, so that the ESM scripts, Jest's tests
// and the bench can all load it. Types and contract: cluster.d.cts.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const services = require('./services.cjs');
const { renderNginxConfig } = require('./nginx-config.cjs');

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 60_000;
/** How often the load balancer asks each api whether it is ready, as a Kubernetes endpoint controller does. */
const ROUTING_POLL_MS = 200;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function tail(file, lines) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** GET `url`: its status, or null when nothing answered within `timeoutMs` (refused, reset, timed out). */
async function statusOf(url, timeoutMs) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error.name === 'TimeoutError' ? 'timeout' : null;
  }
}

/**
 * A child process with an exit promise that also settles when spawning itself fails, and whose
 * output is appended to `logFile`.
 */
function spawnLogged(command, args, { env, logFile, cwd = services.root }) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      fs.appendFileSync(logFile, `${error.message}\n`);
      resolve({ code: 127, signal: null });
    });
  });
  return { child, exit };
}

function clusterProcess({ kind, index, port, env, logDir }) {
  const label = `${kind}-${index}`;
  const logFile = path.join(logDir, `${label}.log`);
  const script = path.join(services.root, 'apps', kind, 'dist', 'main.js');
  const portEnv =
    kind === 'api'
      ? { PORT: String(port) }
      : { WORKER_HTTP_PORT: String(port), WORKER_HTTP_HOST: '127.0.0.1' };
  let current = null;
  let lastExit = { code: null, signal: null };

  const running = () => current !== null;

  const self = {
    label,
    kind,
    port,
    url: `http://127.0.0.1:${port}`,
    logFile,
    get pid() {
      return current ? current.child.pid : null;
    },
    get running() {
      return running();
    },
    async start() {
      if (running()) {
        throw new Error(`${label} is already running (pid ${current.child.pid})`);
      }
      fs.appendFileSync(logFile, `--- ${label} starting at ${new Date().toISOString()}\n`);
      const spawned = spawnLogged(services.bin('node'), ['--enable-source-maps', script], {
        env: { ...process.env, ...env, ...portEnv },
        logFile,
      });
      current = spawned;
      spawned.exit.then((status) => {
        lastExit = status;
        if (current === spawned) {
          current = null;
        }
      });
      const deadline = Date.now() + READY_TIMEOUT_MS;
      let last = '';
      while (Date.now() < deadline) {
        if (current !== spawned) {
          const { code, signal } = lastExit;
          throw new Error(
            `${label} exited (${signal ?? `code ${code}`}) while starting; last output:\n${self.lastOutput()}`,
          );
        }
        const status = await statusOf(`${self.url}/health/ready`, 2_000);
        if (status === 200) {
          return;
        }
        last = String(status);
        await sleep(200);
      }
      throw new Error(
        `${label} was not ready within ${READY_TIMEOUT_MS / 1000}s (last: ${last}); last output:\n${self.lastOutput()}`,
      );
    },
    signal(signal) {
      if (current) {
        current.child.kill(signal);
      }
    },
    async stop(signal = 'SIGTERM', timeoutMs = STOP_TIMEOUT_MS) {
      if (!current) {
        return lastExit;
      }
      const { child, exit } = current;
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.kill(signal);
      const status = await exit;
      clearTimeout(timer);
      return status;
    },
    exited() {
      return current ? current.exit : Promise.resolve(lastExit);
    },
    async memory() {
      if (!current) {
        return null;
      }
      try {
        const status = await fs.promises.readFile(`/proc/${current.child.pid}/status`, 'utf8');
        const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
        return match ? Number(match[1]) * 1024 : null;
      } catch {
        return null;
      }
    },
    lastOutput(lines = 40) {
      return tail(logFile, lines);
    },
  };
  return self;
}

async function ensureNginx() {
  // require() of an ES module (Node ≥ 20.19), which Jest's runtime also serves, unlike import().
  const packages = require('./debian-packages.mjs');
  await packages.ensureDebianPackages(packages.LOAD_BALANCER_PACKAGES, services.log);
  return packages.NGINX;
}

/**
 * nginx in the foreground with everything of its own (config, pid, logs, temp files) in `dir`.
 * Open-source nginx has no active health checks, so this plays the part of a Kubernetes endpoint
 * controller: it polls every api's /health/ready and reloads nginx with only the ready ones, so
 * an api that is draining (readiness 503) or down gets no new connections. Were it left in the
 * upstream, connections the kernel accepted just before the api closed its listener would be reset
 * after nginx had sent them a request, which nginx must not retry for a POST.
 */
async function startLoadBalancer({ host, port, apis, dir }) {
  const nginx = await ensureNginx();
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'error.log');
  const asRoot = process.getuid?.() === 0;
  let routed = apis.map((api) => api.port);
  const writeConfig = () =>
    fs.writeFileSync(configFile, renderNginxConfig({ host, port, apiPorts: routed, dir, asRoot }));
  writeConfig();
  const { child, exit } = spawnLogged(
    nginx,
    ['-e', errorLog, '-p', dir, '-c', configFile, '-g', 'daemon off;'],
    { env: process.env, logFile: path.join(dir, 'nginx.out.log'), cwd: dir },
  );
  let exited = false;
  exit.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 15_000;
  while (!(await services.canConnect('127.0.0.1', port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start on port ${port}:\n${tail(errorLog, 20)}`);
    }
    await sleep(100);
  }

  let polling = true;
  const ready = new Map(apis.map((api) => [api.port, true]));
  const poll = (async () => {
    while (polling && !exited) {
      await sleep(ROUTING_POLL_MS);
      await Promise.all(
        apis.map(async (api) => {
          const status = await statusOf(`${api.url}/health/ready`, 1_000);
          // A slow answer says nothing new: only a definite answer (or a refusal) moves the api.
          if (status !== 'timeout') {
            ready.set(api.port, status === 200);
          }
        }),
      );
      const next = apis.map((api) => api.port).filter((apiPort) => ready.get(apiPort));
      // With no api ready, all stay in: nginx then answers 502 itself rather than refusing to load.
      const wanted = next.length > 0 ? next : apis.map((api) => api.port);
      if (polling && !exited && wanted.join() !== routed.join()) {
        routed = wanted;
        writeConfig();
        child.kill('SIGHUP');
      }
    }
  })();

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    get pid() {
      return exited ? null : child.pid;
    },
    get routedPorts() {
      return [...routed];
    },
    async stop() {
      polling = false;
      await poll;
      if (!exited) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        // SIGTERM is nginx's fast shutdown: SIGQUIT would wait for every open WebSocket.
        child.kill('SIGTERM');
        await exit;
        clearTimeout(timer);
      }
    },
  };
}

async function startCluster(options) {
  const apiCount = options.apis ?? 1;
  const workerCount = options.workers ?? 1;
  fs.mkdirSync(options.logDir, { recursive: true });
  const portsFor = async (count, fixed = []) => {
    const ports = [];
    for (let index = 0; index < count; index += 1) {
      ports.push(fixed[index] ?? (await freePort()));
    }
    return ports;
  };
  const apiPorts = await portsFor(apiCount, options.apiPorts);
  const workerPorts = await portsFor(workerCount, options.workerPorts);
  const make = (kind) => (port, index) =>
    clusterProcess({ kind, index: index + 1, port, env: options.env, logDir: options.logDir });
  const apis = apiPorts.map(make('api'));
  const workers = workerPorts.map(make('worker'));
  const processes = [...apis, ...workers];
  let loadBalancer = null;

  const stopProcesses = () =>
    Promise.all(processes.map((member) => member.stop('SIGTERM', STOP_TIMEOUT_MS))).then(() => undefined);

  try {
    const started = await Promise.allSettled(processes.map((member) => member.start()));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) {
      throw failed.reason;
    }
    if (options.loadBalancer !== false) {
      const port = options.loadBalancer?.port ?? (await freePort());
      loadBalancer = await startLoadBalancer({
        host: options.loadBalancer?.host ?? '127.0.0.1',
        port,
        apis,
        dir: path.join(options.logDir, 'nginx'),
      });
    }
  } catch (error) {
    await stopProcesses();
    throw error;
  }

  return {
    apis,
    workers,
    loadBalancer,
    url: loadBalancer ? loadBalancer.url : apis[0]?.url,
    async stop() {
      if (loadBalancer) {
        await loadBalancer.stop();
      }
      await stopProcesses();
    },
  };
}

function startOwnRedisServer({ dir, port }) {
  const logFile = path.join(dir, 'redis.log');
  let current = null;
  const self = {
    port,
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return current ? current.child.pid : null;
    },
    async start() {
      if (current) {
        return;
      }
      const spawned = spawnLogged(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--appendonly',
          'yes',
          '--appendfsync',
          'everysec',
          '--maxmemory-policy',
          'noeviction',
          '--save',
          '',
        ],
        { env: process.env, logFile, cwd: dir },
      );
      current = spawned;
      spawned.exit.then(() => {
        if (current === spawned) {
          current = null;
        }
      });
      // Listening comes after the append-only file is loaded, so a restart answers with its data.
      const deadline = Date.now() + 30_000;
      while (!(await services.canConnect('127.0.0.1', port))) {
        if (current !== spawned || Date.now() > deadline) {
          throw new Error(`redis-server did not start on port ${port}:\n${tail(logFile, 20)}`);
        }
        await sleep(100);
      }
    },
    async kill(signal = 'SIGKILL') {
      if (!current) {
        return;
      }
      const { child, exit } = current;
      child.kill(signal);
      await exit;
    },
    async stop() {
      if (!current) {
        return;
      }
      const { child, exit } = current;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exit;
      clearTimeout(timer);
    },
  };
  return self;
}

async function startOwnRedis({ dir, port }) {
  fs.mkdirSync(dir, { recursive: true });
  const redis = startOwnRedisServer({ dir, port: port ?? (await freePort()) });
  await redis.start();
  return redis;
}

module.exports = { startCluster, ensureNginx, freePort, startOwnRedis };
