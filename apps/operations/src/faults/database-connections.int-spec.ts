import { Client } from 'pg';
import { createDataSource } from '@datebook/db';
import { testServices, waitFor } from '@datebook/server/testing';
import { JobSources, type Member } from '../support/job-sources';
import { startTestCluster, type TestCluster } from '../support/test-cluster';

const MEMBERS = 8;
/** Requests in flight at any time, each client sending its next as soon as one is answered. */
const CLIENTS = 16;
const ROUNDS = 4;
const ROUND_INTERVAL_MS = 4_000;

interface Tally {
  sent: number;
  failed: Array<{ kind: string; status: number | string }>;
}

/** A request through the load balancer; a network failure is reported by its cause, not thrown. */
async function send(
  baseUrl: string,
  member: Member,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number | string }> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${member.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** One request of the mix: two reads for each write, as members browse more than they edit. */
function oneRequest(
  baseUrl: string,
  member: Member,
  step: number,
): { kind: string; answer: Promise<{ status: number | string }> } {
  switch (step % 3) {
    case 0:
      return { kind: 'read profile', answer: send(baseUrl, member, 'GET', '/api/profiles/me') };
    case 1:
      return { kind: 'read feed', answer: send(baseUrl, member, 'GET', '/api/feed/for-you?limit=10') };
    default:
      return {
        kind: 'write profile',
        answer: send(baseUrl, member, 'PATCH', '/api/profiles/me', { bio: `bio ${step}` }),
      };
  }
}

describe('PostgreSQL connections terminated under load', () => {
  let test: TestCluster;
  let members: Member[];
  let admin: Client;

  beforeAll(async () => {
    test = await startTestCluster({ apis: 2, workers: 2 });
    // The members are made before the faults, on a connection of the test's own that is closed
    // again so the terminations reach only the product's connections.
    const db = await createDataSource({ url: test.env.config.db.url, poolSize: 2 }).initialize();
    const sources = new JobSources(test.cluster.url, db);
    members = await Promise.all(
      Array.from({ length: MEMBERS }, (_, index) => sources.member(`dbfault${index}`)),
    );
    await db.destroy();
    admin = new Client({ connectionString: testServices.databaseAdminUrl });
    await admin.connect();
  }, 90_000);

  afterAll(async () => {
    await admin?.end();
    await test?.stop();
  }, 90_000);

  /** Ends every session of the test's database, idle or busy, as a failover or an operator would. */
  const terminateAll = async (): Promise<number> => {
    const { rows } = await admin.query<{ terminated: boolean }>(
      'SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [test.env.databaseName],
    );
    return rows.filter((row) => row.terminated).length;
  };

  const sendUntil = async (stopped: () => boolean, tally: Tally, client: number): Promise<void> => {
    for (let step = client; !stopped(); step += CLIENTS) {
      const { kind, answer } = oneRequest(test.cluster.url, members[step % MEMBERS]!, step);
      const { status } = await answer;
      tally.sent += 1;
      if (typeof status === 'string' || status >= 500) {
        tally.failed.push({ kind, status });
      }
    }
  };

  it('keeps every process up, fails at most 0.1 % of requests, and recovers its pools', async () => {
    const tally: Tally = { sent: 0, failed: [] };
    let stopped = false;
    const load = Promise.all(
      Array.from({ length: CLIENTS }, (_, client) => sendUntil(() => stopped, tally, client)),
    );

    const terminated: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, ROUND_INTERVAL_MS));
      terminated.push(await terminateAll());
    }
    await new Promise((resolve) => setTimeout(resolve, ROUND_INTERVAL_MS));
    stopped = true;
    await load;

    const ratio = tally.failed.length / tally.sent;
    const byKind = tally.failed.reduce<Record<string, number>>((counts, { kind, status }) => {
      counts[`${kind} ${status}`] = (counts[`${kind} ${status}`] ?? 0) + 1;
      return counts;
    }, {});
    process.stdout.write(
      `database connections: ${ROUNDS} rounds terminated ${terminated.join('+')} sessions; ` +
        `${tally.sent} requests, ${tally.failed.length} failed (${(ratio * 100).toFixed(3)} %) ${JSON.stringify(byKind)}\n`,
    );

    const processes = [...test.cluster.apis, ...test.cluster.workers];
    expect(processes.filter((one) => !one.running).map((one) => one.label)).toEqual([]);
    expect(terminated.every((count) => count > 0)).toBe(true);
    expect(ratio).toBeLessThanOrEqual(0.001);

    for (const one of processes) {
      await waitFor(
        `${one.label} ready`,
        async () => (await fetch(`${one.url}/health/ready`)).status,
        (status) => status === 200,
        15_000,
      );
    }
    // After the last round, every kind of request succeeds again through both apis.
    const after = await Promise.all(
      Array.from(
        { length: 30 },
        (_, step) => oneRequest(test.cluster.url, members[step % MEMBERS]!, step).answer,
      ),
    );
    expect(after.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
  }, 90_000);
});
