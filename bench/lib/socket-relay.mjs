// The baseline beside the api's live plan benches: a bare Socket.IO server that joins a socket to a
// plan's room on request and relays each op to that room, with no auth, no database and no checks.
// Run as a child by `startRelay`; with a Redis key it uses the Redis adapter as the api does, so two
// relays share rooms the way two api replicas do.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startScript } from './stack.mjs';

const PORT_VARIABLE = 'BENCH_RELAY_PORT';
const REDIS_URL_VARIABLE = 'BENCH_RELAY_REDIS_URL';
const REDIS_KEY_VARIABLE = 'BENCH_RELAY_REDIS_KEY';

/** CPU seconds a relay has spent so far. */
export async function relayCpuSeconds(url) {
  const { user, system } = await (await fetch(`${url}/cpu`)).json();
  return (user + system) / 1e6;
}

/**
 * Starts a relay on `port`; `redis: { url, key }` puts it on the Redis adapter under a channel key
 * of its own (relays of one key share rooms, and nothing else hears them).
 */
export function startRelay(cleanup, port, redis) {
  return startScript(cleanup, fileURLToPath(import.meta.url), {
    [PORT_VARIABLE]: String(port),
    ...(redis ? { [REDIS_URL_VARIABLE]: redis.url, [REDIS_KEY_VARIABLE]: redis.key } : {}),
  });
}

async function serveRelay() {
  const { Server } = await import('socket.io');
  // `GET /cpu`: the CPU time this process has spent, to compare its cost per op with the api's.
  const http = createServer((request, response) => {
    if (request.url === '/cpu') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(process.cpuUsage()));
    }
  });
  const server = new Server(http, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  if (process.env[REDIS_KEY_VARIABLE]) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const { Redis } = await import('ioredis');
    const pub = new Redis(process.env[REDIS_URL_VARIABLE]);
    const sub = pub.duplicate();
    await Promise.all([pub, sub].map((client) => new Promise((resolve) => client.once('ready', resolve))));
    server.adapter(
      createAdapter(pub, sub, {
        key: process.env[REDIS_KEY_VARIABLE],
        publishOnSpecificResponseChannel: true,
      }),
    );
  }
  server.on('connection', (socket) => {
    socket.on('plan.join', ({ planId }, ack) => {
      socket.join(`plan:${planId}`);
      ack({ ok: true });
    });
    socket.on('op', (payload, ack) => {
      server.to(`plan:${payload.planId}`).emit('event', payload);
      ack({ ok: true });
    });
  });
  await new Promise((resolve) => http.listen(Number(process.env[PORT_VARIABLE]), '127.0.0.1', resolve));
  process.stdout.write('ready\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await serveRelay();
}
