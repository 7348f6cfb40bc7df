import type { HealthCheck } from '@datebook/contracts';
import { connectLiveSocket, type SocketRecord } from '../support/live-sockets';
import { openJobProbes, type JobProbes } from '../support/job-probes';
import type { Member } from '../support/job-sources';
import { startSteadyLoad, type LoadRequest } from '../support/steady-load';
import { startTestCluster, type ClusterProcess, type TestCluster } from '../support/test-cluster';

const DRAIN_MS = 1_500;
const LOOPS = 4;

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A rolling restart as an orchestrator does it: SIGTERM one api, wait for it to exit, start it
 * again, then the next. With SHUTDOWN_DRAIN_MS the stopping api first answers not-ready (the
 * load balancer stops routing to it), then finishes what it accepted and sends its Socket.IO
 * clients away: no client request fails, and sockets reconnect by themselves.
 */
describe('a rolling restart of the apis behind nginx', () => {
  let stack: TestCluster;
  let probes: JobProbes;
  let actors: Member[];
  let watched: Member[];

  beforeAll(async () => {
    stack = await startTestCluster({
      apis: 2,
      workers: 1,
      settings: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) },
    });
    probes = await openJobProbes(stack);
    const members = await Promise.all(
      Array.from({ length: 2 + LOOPS }, (_, index) => probes.sources.member(`roll${index}`)),
    );
    [watched, actors] = [members.slice(0, 2), members.slice(2)];
  }, 120_000);

  afterAll(async () => {
    await probes?.close();
    await stack?.stop();
  }, 120_000);

  it('loses no request, and every socket reconnects and hears live events again', async () => {
    const { cluster } = stack;
    const loadBalancer = cluster.loadBalancer!;
    // Two sockets per watched member, spread by round robin over both apis.
    const sockets: SocketRecord[] = [];
    for (const member of [...watched, ...watched]) {
      sockets.push(await connectLiveSocket(cluster.url, member.accessToken, 'follow.changed'));
    }
    // Reads and writes of signed-in members; every follow and unfollow pushes `follow.changed`
    // to the followed member's sockets, wherever they are connected.
    const load = startSteadyLoad(cluster.url, LOOPS, (loop, iteration): LoadRequest => {
      const actor = actors[loop]!;
      const target = watched[iteration % 2]!.username;
      const requests: LoadRequest[] = [
        { method: 'GET', path: '/api/feed/following', token: actor.accessToken },
        { method: 'PUT', path: `/api/follows/${target}`, token: actor.accessToken },
        { method: 'GET', path: '/api/profiles/me', token: actor.accessToken },
        { method: 'DELETE', path: `/api/follows/${target}`, token: actor.accessToken },
      ];
      return requests[Math.floor(iteration / 2) % requests.length]!;
    });
    let drain503s = 0;
    let reasons: string[][] = [];

    const restart = async (api: ClusterProcess) => {
      const before = load.totals().ok;
      api.signal('SIGTERM');
      // Readiness fails at once and for the whole drain, while the balancer keeps serving.
      let drainingAnswer: HealthCheck | undefined;
      await until(`${api.label} to answer not-ready`, async () => {
        if (!api.running) {
          throw new Error(`${api.label} exited before it answered not-ready`);
        }
        const response = await fetch(`${api.url}/health/ready`).catch(() => null);
        drainingAnswer = response ? ((await response.json()) as HealthCheck) : undefined;
        return response?.status === 503;
      });
      drain503s += 1;
      expect(drainingAnswer?.checks.draining?.status).toBe('down');
      await until(
        `nginx to stop routing to ${api.label}`,
        () => !loadBalancer.routedPorts.includes(api.port),
      );
      const status = await api.exited();
      expect(status).toEqual({ code: 0, signal: null });
      expect(load.totals().ok).toBeGreaterThan(before);

      await api.start();
      await until(`nginx to route to ${api.label} again`, () => loadBalancer.routedPorts.includes(api.port));
      // Every socket is connected again (to whichever api) and hears live events there.
      await until('every socket to reconnect and hear a live event', () =>
        sockets.every((record) => record.socket.connected && record.eventsSinceConnect > 0),
      );
    };

    try {
      await until('live events on every socket', () =>
        sockets.every((record) => record.eventsSinceConnect > 0),
      );
      await restart(cluster.apis[0]!);
      await restart(cluster.apis[1]!);
    } finally {
      const totals = await load.stop();
      reasons = sockets.map((record) => [...record.disconnects]);
      sockets.forEach((record) => record.socket.close());
      const reconnects = sockets.reduce((sum, record) => sum + record.connects - 1, 0);
      process.stdout.write(
        `rolling restart: requests ok ${totals.ok} failed ${totals.failed}, ` +
          `socket reconnects ${reconnects} (${sockets.length} sockets), drain 503s seen ${drain503s}\n`,
      );
      expect(totals.failures).toEqual([]);
    }
    // The second api held every socket by then (the first was away): each one left at least once,
    // and only ever because its transport closed, so it came back by itself.
    for (const disconnects of reasons) {
      expect(disconnects.length).toBeGreaterThan(0);
      expect(new Set(disconnects)).toEqual(new Set(['transport close']));
    }
  }, 90_000);
});
