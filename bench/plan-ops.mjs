// Live plan editing (issue 13): 20 plans × 10 members (an owner and 9 collaborators), every member
// with a real Socket.IO connection in the plan's room. Members send `activity.setTimes` operations
// over their sockets at a steady 50 ops/s in all; each operation's delivery latency is the time
// from its send to the `plan.event` arriving at each of the 9 other members. Beside it, in the same
// run, a bare Socket.IO relay (a process of its own, the same rooms and clients, no auth, no
// database) measured the same way: what the transport alone costs on this machine.
// Then the REST path: `POST /api/plans/:id/ops` at a steady 200 ops/s, next to the same operation's
// transaction through plain `pg` (lock the plan, look the op id up, retime the entry, bump the
// version, append the event).
//
//   node bench/plan-ops.mjs [--plans 20] [--members 10] [--socket-rate 50] [--rest-rate 200]
//                           [--duration 10] [--warmup 2] [--pool 10]
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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
};

export const PLAN_OPS_BUDGET = {
  delivery: { text: 'op → co-editors p50 ≤ 10 ms, p99 ≤ 50 ms', p50Ms: 10, p99Ms: 50 },
};

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
      rows.push(
        deliveryRow(
          'bare Socket.IO relay, same rooms and sends',
          socketRate,
          await measureDelivery(cleanup, `http://127.0.0.1:${relayPort}`, teams, socketCase, relaySend),
        ),
      );
      log(`api plan.op over sockets: ${teams.length * members} sockets, ${socketRate} ops/s`);
      const apiDelivery = deliveryRow(
        'api plan.op → plan.event at the co-editors',
        socketRate,
        await measureDelivery(cleanup, api.url, teams, socketCase, planOpSend),
      );
      const { p50Ms, p99Ms, text } = PLAN_OPS_BUDGET.delivery;
      apiDelivery.budget = text;
      apiDelivery.verdict =
        apiDelivery.p50 <= p50Ms && apiDelivery.p99 <= p99Ms && apiDelivery.errors === 0 ? 'PASS' : 'MISS';
      rows.push(apiDelivery);

      log(`REST ops at ${restRate}/s: raw pg transaction, then the api`);
      rows.push(
        await measureRest(
          'raw pg, the same operation in one transaction',
          restRate,
          { duration, warmup },
          (index) => rawRetime(pool, teams, index),
        ),
      );
      rows.push(
        await measureRest('api POST /api/plans/:id/ops', restRate, { duration, warmup }, (index) =>
          restRetime(api.url, teams, index),
        ),
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

/** What one applied operation must at least write, in one transaction, without Nest, TypeORM or HTTP. */
async function rawRetime(pool, teams, index) {
  const { team, sender, op } = target(teams, index);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT version FROM planned_dates WHERE id = $1 FOR UPDATE', [team.planId]);
    const opId = randomUUID();
    await client.query('SELECT result FROM plan_events WHERE plan_id = $1 AND op_id = $2', [
      team.planId,
      opId,
    ]);
    await client.query(
      `UPDATE planned_date_activities SET begins_at = $3, ends_at = $4, status = 'scheduled', updated_at = now()
        WHERE planned_date_id = $1 AND client_ref = $2 AND deleted_at IS NULL`,
      [team.planId, op.ref, op.beginsAt, op.endsAt],
    );
    const { rows } = await client.query(
      'UPDATE planned_dates SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING version',
      [team.planId],
    );
    await client.query(
      `INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [team.planId, rows[0].version, opId, sender.id, CLIENT_ID, JSON.stringify(op), '{"ok":true}'],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const numeric = ['plans', 'members', 'socket-rate', 'rest-rate', 'duration', 'warmup', 'pool'];
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
