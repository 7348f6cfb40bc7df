// Live plan editing (issue 13): 20 plans × 10 members (an owner and 9 collaborators), every member
// with a real Socket.IO connection in the plan's room. Members send `activity.setTimes` operations
// over their sockets at a steady 50 ops/s in all; each operation's delivery latency is the time
// from its send to the `plan.event` arriving at each of the 9 other members. Beside it, in the same
// run, a bare Socket.IO relay (a process of its own, the same rooms and clients, no auth, no
// database) measured the same way: what the transport alone costs on this machine.
// Then the REST path: `POST /api/plans/:id/ops` at a steady 200 ops/s, next to the same operation's
// transaction through plain `pg`: the product's own statements (libs/db `lockedStateSql`,
// `operationWriteSql`, named as the api names them) between BEGIN and COMMIT, nothing else.
// Last, one hot plan (issue 25): every op on one plan from its 10 members over REST at rising
// rates; the highest rate whose p99 stays ≤ 50 ms, beside the same SQL sequence through plain `pg`
// from 10 connections back to back on that plan (the plan's serial limit on this machine: its row
// lock orders them). Ten members at 300 ops/s is 30 ops/s each, five times a member's limit
// (decision 50, 6 ops/s), so the bench clears the plan's rate-limit counters every 100 ms: the
// limiter's Redis call stays in every op, its refusal does not.
//
//   node bench/plan-ops.mjs [--plans 20] [--members 10] [--socket-rate 50] [--rest-rate 200]
//                           [--duration 10] [--warmup 2] [--pool 10] [--hot-seconds 3]
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { callApi, makePlanTeams } from './lib/plan-teams.mjs';
import { drive } from './lib/pace.mjs';
import { latencyRow, printTable } from './lib/report.mjs';
import { startRelay } from './lib/socket-relay.mjs';
import { ensureBuilt, freePort, log, startStack, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';

export const defaults = {
  plans: 20,
  members: 10,
  socketRate: 50,
  restRate: 200,
  duration: 10,
  warmup: 2,
  pool: 10,
  hotSeconds: 3,
};

export const PLAN_OPS_BUDGET = {
  delivery: {
    text: 'op → co-editors p50 ≤ 10 ms, p99 ≤ 50 ms and ≤ 3× the bare relay’s p99',
    p50Ms: 10,
    p99Ms: 50,
    relayP99Times: 3,
  },
  rest: { text: 'REST op p99 ≤ 5× the raw transaction’s p99', rawP99Times: 5 },
  hot: {
    text: 'one plan ≥ 300 ops/s at p99 ≤ 50 ms, and ≥ half the raw serial limit',
    rate: 300,
    p99Ms: 50,
    rawShare: 0.5,
  },
};

/** The rates one hot plan is driven at, in turn, until its p99 passes 50 ms or an op fails. */
const HOT_RATES = [100, 200, 300, 400, 500, 600, 800, 1000, 1200];

/** Entries per plan that the operations retime. */
const ENTRIES = 5;
const ACK_TIMEOUT_MS = 5_000;
const CLIENT_ID = 'bench-plan-ops';

export async function run(options = {}) {
  const {
    plans,
    members,
    socketRate,
    restRate,
    duration,
    warmup,
    pool: poolSize,
    hotSeconds,
  } = {
    ...defaults,
    ...options,
  };
  return withCleanup(
    async (cleanup) => {
      const stack = await startStack(cleanup, { poolSize });
      const api = await stack.start('api');
      const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: poolSize });
      cleanup.add('pg pool', () => pool.end());

      log(`signing up ${plans * members} members; ${plans} plans of ${members}, ${ENTRIES} entries each`);
      const teams = await makePlanTeams(api.url, pool, { plans, people: members, entries: ENTRIES });

      const relayPort = await freePort();
      await startRelay(cleanup, relayPort);

      const rows = [];
      const socketCase = { rate: socketRate, seconds: duration, warmup };
      log(`bare Socket.IO relay: ${teams.length * members} sockets, ${socketRate} ops/s`);
      const relayRow = deliveryRow(
        'bare Socket.IO relay, same rooms and sends',
        socketRate,
        await measureDelivery(cleanup, `http://127.0.0.1:${relayPort}`, teams, socketCase, relaySend),
      );
      rows.push(relayRow);
      log(`api plan.op over sockets: ${teams.length * members} sockets, ${socketRate} ops/s`);
      const apiDelivery = deliveryRow(
        'api plan.op → plan.event at the co-editors',
        socketRate,
        await measureDelivery(cleanup, api.url, teams, socketCase, planOpSend),
      );
      const { p50Ms, p99Ms, relayP99Times, text } = PLAN_OPS_BUDGET.delivery;
      const relayTimes = apiDelivery.p99 / relayRow.p99;
      apiDelivery.budget = text;
      apiDelivery.verdict = `${
        apiDelivery.p50 <= p50Ms &&
        apiDelivery.p99 <= p99Ms &&
        relayTimes <= relayP99Times &&
        apiDelivery.errors === 0
          ? 'PASS'
          : 'MISS'
      } (p99 ${relayTimes.toFixed(1)}× relay)`;
      rows.push(apiDelivery);

      log(`REST ops at ${restRate}/s: raw pg transaction, then the api`);
      const rawRow = await measureRest(
        'raw pg, the same statements in one transaction',
        restRate,
        { duration, warmup },
        (index) => rawRetime(pool, teams, index),
      );
      rows.push(rawRow);
      const restRow = await measureRest(
        'api POST /api/plans/:id/ops',
        restRate,
        { duration, warmup },
        (index) => restRetime(api.url, teams, index),
      );
      const restTimes = restRow.p99 / rawRow.p99;
      restRow.budget = PLAN_OPS_BUDGET.rest.text;
      restRow.verdict = `${restTimes <= PLAN_OPS_BUDGET.rest.rawP99Times && restRow.errors === 0 ? 'PASS' : 'MISS'} (p99 ${restTimes.toFixed(1)}× raw)`;
      rows.push(restRow);

      rows.push(
        ...(await measureHotPlan(api.url, pool, teams[0], { runId: stack.runId, seconds: hotSeconds })),
      );
      return rows;
    },
    { timeLimitMs: 10 * 60_000 },
  );
}

/** The k-th operation's target: a member, their plan and one of its entries, spread over all. */
function target(teams, index) {
  const team = teams[index % teams.length];
  const sender = team.people[Math.floor(index / teams.length) % team.people.length];
  const ref = team.refs[index % team.refs.length];
  // A new slot each time, so no operation is a no-op: hour 8–19 on the plan's day, an hour long.
  const hour = 8 + (index % 12);
  const beginsAt = `2026-12-31T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const endsAt = `2026-12-31T${String(hour + 1).padStart(2, '0')}:00:00.000Z`;
  return { team, sender, op: { type: 'activity.setTimes', ref, beginsAt, endsAt } };
}

const planOpSend = (socket, planId, opId, op) =>
  socket
    .timeout(ACK_TIMEOUT_MS)
    .emitWithAck('plan.op', { planId, opId, clientId: CLIENT_ID, baseVersion: 0, op });
const relaySend = (socket, planId, opId, op) =>
  socket.timeout(ACK_TIMEOUT_MS).emitWithAck('op', { planId, opId, op });

/**
 * Connects every member to `url`, joins each to their plan's room, then sends operations at a
 * steady rate for the warm-up and the measured seconds. Each delivery to a member other than the
 * sender counts from the send; deliveries of warm-up operations are left out. A measured operation
 * that some co-editor never received counts as an error per missing delivery.
 */
async function measureDelivery(cleanup, url, teams, { rate, seconds, warmup }, send) {
  const { io } = await import('socket.io-client');
  const sentAt = new Map();
  const deliveries = [];
  const errors = [];
  const sockets = new Map();
  cleanup.add(`sockets of ${url}`, () => [...sockets.values()].forEach((socket) => socket.disconnect()));
  for (const team of teams) {
    for (const person of team.people) {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: person.accessToken },
        reconnection: false,
      });
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const joined = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('plan.join', { planId: team.planId });
      if (!joined.ok) {
        throw new Error(`plan.join refused: ${JSON.stringify(joined)}`);
      }
      const received = (payload) => {
        const sent = sentAt.get(payload.opId);
        if (sent && sent.senderId !== person.id && sent.measured) {
          deliveries.push(performance.now() - sent.at);
          sent.received += 1;
        }
      };
      socket.on('plan.event', received);
      socket.on('event', received);
      sockets.set(person.id, socket);
    }
  }
  const measuredFrom = performance.now() + warmup * 1000;
  const { errors: sendErrors } = await drive({
    rate,
    durationMs: (warmup + seconds) * 1000,
    concurrency: 100,
    operation: async (index) => {
      const { team, sender, op } = target(teams, index);
      const opId = randomUUID();
      const at = performance.now();
      sentAt.set(opId, { at, senderId: sender.id, measured: at >= measuredFrom, received: 0, team });
      const ack = await send(sockets.get(sender.id), team.planId, opId, op);
      if (!ack?.ok) {
        throw new Error(`refused: ${JSON.stringify(ack)}`);
      }
    },
  });
  errors.push(...sendErrors);
  // Let the last events arrive before the sockets close.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const socket of sockets.values()) {
    socket.disconnect();
  }
  sockets.clear();
  if (errors.length > 0) {
    log(`${errors.length} failed sends, the first: ${errors[0]?.message ?? errors[0]}`);
  }
  const missing = [...sentAt.values()]
    .filter((sent) => sent.measured)
    .reduce((sum, sent) => sum + sent.team.people.length - 1 - sent.received, 0);
  if (missing > 0) {
    log(`${missing} deliveries never arrived`);
  }
  return { deliveries, errors: errors.length + missing, seconds };
}

function deliveryRow(name, rate, { deliveries, errors, seconds }) {
  const { p50, p95, p99 } = summarize(deliveries);
  return {
    bench: 'plan-ops',
    name: `${name} @${rate} ops/s (${deliveries.length} deliveries)`,
    rate: deliveries.length / seconds,
    p50,
    p95,
    p99,
    errors,
  };
}

async function measureRest(name, rate, { duration, warmup }, operation) {
  let offset = 0;
  await drive({ rate, durationMs: warmup * 1000, concurrency: 50, operation: (index) => operation(index) });
  offset = rate * warmup;
  const { latencies, errors } = await drive({
    rate,
    durationMs: duration * 1000,
    concurrency: 50,
    operation: (index) => operation(offset + index),
  });
  return latencyRow('plan-ops', `${name} @${rate}/s`, { latencies, errors, elapsedMs: duration * 1000 });
}

async function restRetime(apiUrl, teams, index) {
  const { team, sender, op } = target(teams, index);
  await callApi(apiUrl, sender, 'POST', `/api/plans/${team.planId}/ops`, {
    opId: randomUUID(),
    clientId: CLIENT_ID,
    baseVersion: 0,
    op,
  });
}

/** The product's two statements under the lock, as libs/db builds them (the dist the api runs). */
const { lockedStateSql, operationWriteSql } = await import('@datebook/db');
const LOCK_SQL = lockedStateSql(true);

/**
 * The operation's transaction without Nest, TypeORM, Redis or HTTP: BEGIN, the lock with the replay
 * check and the state, the writes with the version and the event, COMMIT — the statements, names
 * and parameters the api sends for an `activity.setTimes`.
 */
async function rawTransaction(pool, planId, sender, op) {
  const client = await pool.connect();
  const opId = randomUUID();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query({
      name: 'plan_op_lock',
      text: LOCK_SQL,
      values: [planId, [opId], 0, 500, [sender.id]],
    });
    const version = String(Number(rows[0].version) + 1);
    const write = operationWriteSql({
      planId,
      version,
      rows: [
        {
          kind: 'updateEntry',
          ref: op.ref,
          set: { begins_at: op.beginsAt, ends_at: op.endsAt, status: 'scheduled' },
        },
      ],
      fields: {},
      event: {
        op_id: opId,
        actor_id: sender.id,
        client_id: CLIENT_ID,
        op,
        result: { ok: true, version: Number(version), event: { planId, version: Number(version), opId, op } },
        inverse: null,
      },
    });
    await client.query({ name: 'plan_op_write_bench_settimes', text: write.text, values: write.values });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const rawRetime = (pool, teams, index) => {
  const { team, sender, op } = target(teams, index);
  return rawTransaction(pool, team.planId, sender, op);
};

/**
 * One hot plan: REST ops from all of `team`'s members on its plan at each of HOT_RATES in turn (a
 * second's warm-up, then `seconds` measured) until p99 passes the budget or an op fails; then the
 * same SQL through plain `pg` from as many connections as members, back to back, for `seconds`.
 */
async function measureHotPlan(apiUrl, pool, team, { runId, seconds }) {
  const { rate: wanted, p99Ms, rawShare, text } = PLAN_OPS_BUDGET.hot;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const limiterKeys = team.people.map((person) => `${runId}:ratelimit:plan-ops:${team.planId}:${person.id}`);
  const lift = setInterval(() => void redis.del(...limiterKeys).catch(() => undefined), 100);
  const hot = (index) => {
    const { op } = target([team], index);
    const sender = team.people[index % team.people.length];
    return callApi(apiUrl, sender, 'POST', `/api/plans/${team.planId}/ops`, {
      opId: randomUUID(),
      clientId: CLIENT_ID,
      baseVersion: 0,
      op,
    });
  };
  const steps = [];
  try {
    for (const rate of HOT_RATES) {
      log(`one hot plan: ${team.people.length} members at ${rate} ops/s`);
      await drive({ rate, durationMs: 1000, concurrency: 400, operation: hot });
      const { latencies, errors } = await drive({
        rate,
        durationMs: seconds * 1000,
        concurrency: 400,
        operation: hot,
      });
      const row = latencyRow('plan-ops', `one hot plan, ${team.people.length} members, api REST @${rate}/s`, {
        latencies,
        errors,
        elapsedMs: seconds * 1000,
      });
      steps.push({ rate, row });
      if (!(row.p99 <= p99Ms) || row.errors > 0) {
        break;
      }
    }
  } finally {
    clearInterval(lift);
    redis.disconnect();
  }
  log(`one hot plan: raw pg, ${team.people.length} connections back to back for ${seconds} s`);
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  let index = 0;
  await Promise.all(
    team.people.map(async () => {
      while (performance.now() < end) {
        const { op } = target([team], index);
        const sender = team.people[index % team.people.length];
        index += 1;
        const at = performance.now();
        await rawTransaction(pool, team.planId, sender, op);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const rawRow = latencyRow(
    'plan-ops',
    `one hot plan, raw pg, ${team.people.length} connections back to back`,
    {
      latencies,
      errors: [],
      elapsedMs: seconds * 1000,
    },
  );
  const passing = steps.filter(({ row }) => row.p99 <= p99Ms && row.errors === 0);
  const best = passing.at(-1);
  const limit = best?.rate ?? 0;
  const share = rawRow.rate > 0 ? limit / rawRow.rate : 0;
  const last = steps.at(-1);
  last.row.budget = text;
  last.row.verdict =
    `${limit >= wanted && share >= rawShare ? 'PASS' : 'MISS'} (highest rate at p99 ≤ ${p99Ms} ms: ${limit}/s, ` +
    `${(share * 100).toFixed(0)}% of raw ${rawRow.rate.toFixed(0)}/s)`;
  return [...steps.map(({ row }) => row), rawRow];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const numeric = [
    'plans',
    'members',
    'socket-rate',
    'rest-rate',
    'duration',
    'warmup',
    'pool',
    'hot-seconds',
  ];
  const { values } = parseArgs({
    options: Object.fromEntries(numeric.map((name) => [name, { type: 'string' }])),
  });
  const options = Object.fromEntries(
    numeric
      .filter((name) => values[name])
      .map((name) => [name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase()), Number(values[name])]),
  );
  ensureBuilt();
  printTable(
    await run(options),
    'Plan operations: delivery to co-editors over sockets, and the REST path, beside their baselines',
  );
}
