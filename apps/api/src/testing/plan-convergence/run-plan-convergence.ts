import { setTimeout as sleep } from 'node:timers/promises';
import { createDataSource } from '@datebook/db';
import { ApiProcess } from './api-process';
import { crashAndRestart, memberLife } from './chaos';
import { convergenceProblems } from './convergence-check';
import { convergenceLine, type ConvergenceRunShape } from './convergence-report';
import { seedPlans, type ConvergencePlan } from './convergence-setup';
import { freePort } from './free-port';
import { MemoryQueueStore } from './memory-queue-store';
import { OpLedger, type ConvergenceCounts } from './op-ledger';
import { SeededRandom } from './seeded-random';
import { SimulatedMember } from './simulated-member';

export const PLAN_CONVERGENCE_DEFAULTS = { clients: 6, plans: 2, seconds: 20 } as const;

/** The members' first retry after a failed delivery (the web waits 2 s; it doubles either way). */
const RETRY_MS = 1_000;
/** How long the members get, once the chaos stops, to deliver everything and catch up. */
const SETTLE_TIMEOUT_MS = 45_000;
/** Nothing is sent for this long before the final catch-up, so late packets have landed. */
const QUIET_MS = 1_000;

export interface PlanConvergenceOptions {
  /** The api processes' environment: database, Redis key prefix, S3, mail, one shared signing key. */
  apiEnvironment: Record<string, string>;
  clients?: number;
  plans?: number;
  seconds?: number;
  seed?: number;
  /** Progress lines (the processes starting, the crash); silent by default. */
  log?: (line: string) => void;
}

export interface PlanConvergenceReport {
  shape: ConvergenceRunShape;
  counts: ConvergenceCounts;
  /** Empty when every member converged on the database and the log holds each op exactly once. */
  problems: string[];
  /** The counts on one line, with the wall time and the seed. */
  line: string;
}

/** `clients` people over `plans` plans, at least two per plan (an owner and a collaborator). */
function planSizes(clients: number, plans: number): number[] {
  const count = Math.max(1, Math.min(plans, Math.floor(clients / 2)));
  return Array.from({ length: count }, (_, index) => Math.floor((clients + index) / count));
}

/** Every member is back online with nothing pending and has caught up with the others of its plan. */
async function settle(byPlan: ReadonlyMap<string, readonly SimulatedMember[]>): Promise<void> {
  const members = [...byPlan.values()].flat();
  members.forEach((member) => member.reconnect());
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  const idle = () =>
    members.every(
      (member) => member.connected && member.waiting === 0 && member.snapshot()?.pendingCount === 0,
    );
  while (!idle() && Date.now() < deadline) {
    await sleep(100);
  }
  await sleep(QUIET_MS);
  await Promise.all(members.map((member) => member.catchUp()));
  // A catch-up already under way answers the call at once and brings the rest a moment later.
  const caughtUp = () =>
    [...byPlan.values()].every(
      (group) => new Set(group.map((member) => member.snapshot()?.plan?.version)).size === 1,
    );
  while (!caughtUp() && Date.now() < deadline) {
    await sleep(100);
  }
}

/**
 * The convergence run (issue 14): two real api processes on one database and Redis, `clients`
 * members editing shared plans through the real PlanSync over real sockets, with random
 * disconnects, reloads and delays, and one api process killed with SIGKILL and restarted
 * mid-run. At the end every member must hold the database's plan, and the database's log every
 * acknowledged op exactly once. Used by the integration test and, larger, by the bench.
 */
export async function runPlanConvergence(options: PlanConvergenceOptions): Promise<PlanConvergenceReport> {
  const startedAt = performance.now();
  const clients = options.clients ?? PLAN_CONVERGENCE_DEFAULTS.clients;
  const seconds = options.seconds ?? PLAN_CONVERGENCE_DEFAULTS.seconds;
  const sizes = planSizes(clients, options.plans ?? PLAN_CONVERGENCE_DEFAULTS.plans);
  const shape: ConvergenceRunShape = {
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    clients: sizes.reduce((sum, size) => sum + size, 0),
    plans: sizes.length,
    seconds,
  };
  const log = options.log ?? (() => undefined);
  const random = new SeededRandom(shape.seed);
  const ledger = new OpLedger();
  const store = new MemoryQueueStore();
  const environment = options.apiEnvironment;
  const apis = [
    new ApiProcess('a', await freePort(), environment),
    new ApiProcess('b', await freePort(), environment),
  ] as const;
  const db = createDataSource({
    url: environment.DATABASE_URL ?? '',
    poolSize: 2,
    applicationName: 'plan-convergence',
  });
  const everyone: SimulatedMember[] = [];
  await db.initialize();
  try {
    log(`starting api processes on ${apis.map((api) => api.url).join(' and ')}`);
    await Promise.all(apis.map((api) => api.start()));
    const plans: ConvergencePlan[] = await seedPlans(apis[0].url, db, sizes);
    const byPlan = new Map<string, SimulatedMember[]>();
    plans.forEach((plan, planIndex) => {
      const members = plan.members.map(
        (account, memberIndex) =>
          new SimulatedMember({
            name: `plan ${planIndex} member ${memberIndex}`,
            account,
            planId: plan.id,
            home: apis[(everyone.length + memberIndex) % apis.length]!,
            apis,
            store,
            ledger,
            random: random.fork(),
            retryMs: RETRY_MS,
          }),
      );
      everyone.push(...members);
      byPlan.set(plan.id, members);
    });
    log('members signed up');
    await Promise.all(everyone.map((member) => member.open()));

    log(`${everyone.length} members editing for ${seconds} s, seed ${shape.seed}`);
    const until = Date.now() + seconds * 1000;
    await Promise.all([
      ...everyone.map((member) => memberLife(member, random.fork(), until)),
      crashAndRestart(apis[1], random.fork(), seconds * 400, ledger),
    ]);
    log('chaos over: settling');
    await settle(byPlan);
    log('settled: checking');
    const problems = await convergenceProblems({ plans, members: byPlan, api: apis[0], db, store, ledger });
    return {
      shape,
      counts: ledger.counts,
      problems,
      line: convergenceLine(ledger.counts, shape, performance.now() - startedAt),
    };
  } finally {
    everyone.forEach((member) => member.close());
    await Promise.all(apis.map((api) => api.stop()));
    await db.destroy();
  }
}
