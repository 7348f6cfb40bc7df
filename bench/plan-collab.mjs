// Live co-editing at scale (issue 14), each figure beside a bare Socket.IO relay in the same run:
//
// 1. One api: 20 plans × 50 open editors = 1,000 sockets, operations at a steady 100 ops/s spread
//    over the plans and their editors; each op's latency from its send to `plan.event` at each of
//    the 49 other sockets in the room. Every delivery is counted: one that never came is an error.
// 2. Two api replicas (Redis adapter), the sockets of each plan split over both: the same, with
//    deliveries to the sender's replica and to the other one apart; the budget is what the other
//    replica adds to one api's p95. The relay runs as two processes on the Redis adapter too.
// 3. Reconnect: 200 of the sockets are editors running the product's client (`PlanSync` from
//    @datebook/domain, see lib/plan-sync-client.mjs). They drop for 30 s while the others keep
//    editing (each drops with an edit in flight and makes one more while offline), then all
//    reconnect at once. Measured: each editor's time from reconnecting until its confirmed state
//    holds every op made before it reconnected and its own edits are confirmed. Then checked: every
//    editor applied every version exactly once, in order, ends equal to the server's plan, and each
//    of its edits is in `plan_events` exactly once.
//
// A plan has at most 1 + PLAN_LIMITS.collaborators members (21), so its 50 sockets are the
// members' open tabs: two or three each, as the product allows (presence lists one entry a socket).
//
//   node bench/plan-collab.mjs [--quick] [--plans 20] [--sockets 50] [--people 21] [--rate 100]
//                              [--duration 10] [--warmup 2] [--disconnect 200]
//                              [--disconnect-seconds 30] [--after 5] [--pool 10] [--reconnect-only]
// `--disconnect 0` leaves the reconnect out; `--reconnect-only` measures only the reconnect.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import { PLAN_LIMITS } from '@datebook/contracts';
import { newOpId, planStateFromDocument } from '@datebook/domain';
import { drive } from './lib/pace.mjs';
import { newSyncTally, PlanSyncClient } from './lib/plan-sync-client.mjs';
import { callApi, makePlanTeams, mapLimited, signInOn } from './lib/plan-teams.mjs';
import { printTable } from './lib/report.mjs';
import { relayCpuSeconds, startRelay } from './lib/socket-relay.mjs';
import { ensureBuilt, freePort, log, startStack, withCleanup } from './lib/stack.mjs';
import { summarize } from './lib/stats.mjs';

export const defaults = {
  plans: 20,
  sockets: 50,
  people: 1 + PLAN_LIMITS.collaborators,
  rate: 100,
  duration: 10,
  warmup: 2,
  disconnect: 200,
  disconnectSeconds: 30,
  after: 5,
  pool: 10,
};

/** `--quick`: the same three measurements, small (about a minute and a half). */
export const quick = {
  plans: 4,
  sockets: 10,
  people: 5,
  rate: 20,
  duration: 5,
  warmup: 1,
  disconnect: 20,
  disconnectSeconds: 8,
  after: 2,
};

export const PLAN_COLLAB_BUDGET = {
  delivery: {
    text: 'op → co-editors p50 ≤ 10 ms, p99 ≤ 50 ms and ≤ 3× the bare relay’s p99',
    p50Ms: 10,
    p99Ms: 50,
    relayP99Times: 3,
  },
  crossReplica: { text: 'other replica adds ≤ 5 ms p95', addedP95Ms: 5 },
  convergence: { text: 'converged ≤ 1 s after reconnect, all missed ops once, in order', ms: 1_000 },
};

/** Entries per plan that the operations retime. */
const ENTRIES = 5;
const ACK_TIMEOUT_MS = 5_000;
const CLIENT_ID = 'bench-plan-collab';
/** Sockets connected at once while a measurement sets up. */
const CONNECT_CONCURRENCY = 50;
/** How long the reconnected editors may take before the run stops waiting for them. */
const CONVERGE_LIMIT_MS = 30_000;

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

export async function run(options = {}) {
  const settings = { ...defaults, ...options };
  const { plans, sockets, people, rate, pool: poolSize } = settings;
  if (people > 1 + PLAN_LIMITS.collaborators) {
    throw new Error(`--people: a plan has at most ${1 + PLAN_LIMITS.collaborators} members`);
  }
  return withCleanup(
    async (cleanup) => {
      const { io } = await import('socket.io-client');
      const stack = await startStack(cleanup, { poolSize });
      const apiA = await stack.start('api');
      const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
      cleanup.add('pg pool', () => pool.end());

      log(`signing up ${plans * people} members: ${plans} plans of ${people}, ${ENTRIES} entries each`);
      const teams = await makePlanTeams(apiA.url, pool, { plans, people, entries: ENTRIES });
      for (const person of teams.flatMap((team) => team.people)) {
        person.tokens = [person.accessToken];
      }
      const rows = [];
      const context = { io, cleanup, teams, rows, settings };
      const oneApiRow = settings.reconnectOnly ? null : await measureOneReplica(context, apiA);

      const apiB = await stack.start('api');
      log(`signing the ${plans * people} members in on the second replica`);
      await mapLimited(
        teams.flatMap((team) => team.people),
        4,
        async (person) => {
          person.tokens[1] = await signInOn(apiB.url, person);
        },
      );
      if (oneApiRow) {
        await measureTwoReplicas(context, [apiA, apiB], stack, oneApiRow);
      }

      if (settings.disconnect > 0) {
        log(
          `reconnect: ${settings.disconnect} of ${plans * sockets} sockets drop for ${settings.disconnectSeconds}s ` +
            `while the rest edit at ${rate} ops/s, then reconnect at once`,
        );
        rows.push(await measureReconnect(teams, [apiA.url, apiB.url], pool, { io, ...settings }));
      }
      return rows;
    },
    { timeLimitMs: 20 * 60_000 },
  );
}

/** Measurement 1: the bare relay, then the api, each one process with every socket. */
async function measureOneReplica({ io, cleanup, teams, rows, settings }, apiA) {
  const { sockets, rate } = settings;
  const socketCase = { io, rate, seconds: settings.duration, warmup: settings.warmup };
  const relayA = await freePort();
  await startRelay(cleanup, relayA);
  log(`one process: ${teams.length * sockets} sockets, ${rate} ops/s, bare relay then the api`);
  const oneRelay = await measureDelivery(slotsOf(teams, sockets, 1), [relayUrl(relayA)], socketCase, 'relay');
  const relayRow = deliveryRow('bare Socket.IO relay, 1 process', rate, oneRelay.same);
  rows.push(relayRow);
  const oneApi = await measureDelivery(slotsOf(teams, sockets, 1), [apiA.url], socketCase, 'api');
  const oneApiRow = deliveryRow('api plan.op → plan.event, 1 replica', rate, oneApi.same, oneApi.missing);
  judgeDelivery(oneApiRow, relayRow);
  rows.push(oneApiRow);
  return oneApiRow;
}

/** Measurement 2: two relays, then two api replicas, on the Redis adapter; each plan's sockets split. */
async function measureTwoReplicas({ io, cleanup, teams, rows, settings }, [apiA, apiB], stack, oneApiRow) {
  const { sockets, rate } = settings;
  const socketCase = { io, rate, seconds: settings.duration, warmup: settings.warmup };
  const relayKey = `${stack.runId}-relay`;
  const relayPorts = [await freePort(), await freePort()];
  for (const port of relayPorts) {
    await startRelay(cleanup, port, { url: stack.redisUrl, key: relayKey });
  }
  log(`two processes: each plan's sockets split over both, bare relays then the api`);
  const twoRelays = await measureDelivery(
    slotsOf(teams, sockets, 2),
    relayPorts.map(relayUrl),
    socketCase,
    'relay',
  );
  rows.push(deliveryRow('bare relay, 2 processes (Redis adapter), same process', rate, twoRelays.same));
  rows.push(deliveryRow('bare relay, 2 processes (Redis adapter), other process', rate, twoRelays.cross));
  const twoApis = await measureDelivery(slotsOf(teams, sockets, 2), [apiA.url, apiB.url], socketCase, 'api');
  const sameReplicaRow = deliveryRow('api, 2 replicas, same replica as the sender', rate, twoApis.same);
  rows.push(sameReplicaRow);
  const crossRow = deliveryRow('api, 2 replicas, the other replica', rate, twoApis.cross, twoApis.missing);
  judgeCrossReplica(crossRow, oneApiRow, sameReplicaRow);
  rows.push(crossRow);
}

const relayUrl = (port) => `http://127.0.0.1:${port}`;

/**
 * The open editors: `sockets` per plan, the plan's members in turn (so each has two or three tabs),
 * socket k of a plan on replica k mod `replicas`.
 */
function slotsOf(teams, sockets, replicas) {
  return teams.flatMap((team, plan) =>
    Array.from({ length: sockets }, (_, index) => ({
      plan,
      team,
      person: team.people[index % team.people.length],
      replica: index % replicas,
      socket: null,
      /** The newest version this socket heard of. */
      seen: 0,
    })),
  );
}

/** Connects and joins every slot's socket (`plan.join` answered ok), `CONNECT_CONCURRENCY` at a time. */
async function connectSlots(io, slots, urls) {
  await mapLimited(slots, CONNECT_CONCURRENCY, async (slot) => {
    const socket = io(urls[slot.replica], {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: slot.person.tokens?.[slot.replica] },
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const joined = await socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('plan.join', { planId: slot.team.planId });
    if (!joined.ok) {
      throw new Error(`plan.join refused: ${JSON.stringify(joined)}`);
    }
    slot.seen = joined.version ?? 0;
    socket.on('plan.event', (payload) => {
      slot.seen = Math.max(slot.seen, payload.version);
    });
    slot.socket = socket;
  });
}

/** A new slot each time, so no operation is a no-op: hour 8–19 on the plan's day, an hour long. */
function retime(team, index) {
  const hour = 8 + (index % 12);
  return {
    type: 'activity.setTimes',
    ref: team.refs[index % team.refs.length],
    beginsAt: `2026-12-31T${String(hour).padStart(2, '0')}:00:00.000Z`,
    endsAt: `2026-12-31T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
  };
}

/** Op k: plan k mod plans, the plan's senders in turn. */
function pickSender(sendersByPlan, index) {
  const senders = sendersByPlan[index % sendersByPlan.length];
  return senders[Math.floor(index / sendersByPlan.length) % senders.length];
}

/**
 * An op from `slot`'s socket. Over the api its `baseVersion` is the last version the socket heard,
 * as an editor sends the version it saw: the api compares what changed since (the "You replaced
 * Sam's change" check), and an old base would make it read up to PLAN_CATCH_UP_EVENTS events.
 */
const sendOp = {
  api: (slot, opId, op) =>
    slot.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('plan.op', {
      planId: slot.team.planId,
      opId,
      clientId: CLIENT_ID,
      baseVersion: slot.seen,
      op,
    }),
  relay: (slot, opId, op) =>
    slot.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('op', { planId: slot.team.planId, opId, op }),
};
const eventName = { api: 'plan.event', relay: 'event' };

/** User + system CPU seconds of an api process, from its process metrics. */
async function apiCpuSeconds(apiUrl) {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
  return value('process_cpu_user_seconds_total') + value('process_cpu_system_seconds_total');
}
const serverCpuSeconds = { api: apiCpuSeconds, relay: relayCpuSeconds };

/** CPU seconds spent so far by the servers at `urls` and by this process (the clients). */
async function cpuNow(urls, target) {
  const { user, system } = process.cpuUsage();
  const servers = await Promise.all(urls.map(serverCpuSeconds[target]));
  return { servers: servers.reduce((sum, value) => sum + value, 0), clients: (user + system) / 1e6 };
}

/**
 * Connects every slot, then sends operations at a steady rate for the warm-up and the measured
 * seconds. Each delivery to a socket other than the sender's counts from the send, apart for
 * sockets on the sender's replica (`same`) and on another (`cross`); warm-up operations are left
 * out. A measured operation that some socket of the room never received is one missing delivery per
 * such socket.
 */
async function measureDelivery(slots, urls, { io, rate, seconds, warmup }, target) {
  await connectSlots(io, slots, urls);
  const sentAt = new Map();
  const same = [];
  const cross = [];
  const roomSize = slots.filter((slot) => slot.plan === 0).length;
  for (const slot of slots) {
    slot.socket.on(eventName[target], (payload) => {
      const sent = sentAt.get(payload.opId);
      if (sent && sent.slot !== slot && sent.measured) {
        (sent.slot.replica === slot.replica ? same : cross).push(performance.now() - sent.at);
        sent.received += 1;
      }
    });
  }
  const sendersByPlan = Object.values(Object.groupBy(slots, (slot) => slot.plan));
  const measuredFrom = performance.now() + warmup * 1000;
  const cpuFrom = sleep(warmup * 1000).then(() => cpuNow(urls, target));
  const { errors } = await drive({
    rate,
    durationMs: (warmup + seconds) * 1000,
    concurrency: 200,
    operation: async (index) => {
      const slot = pickSender(sendersByPlan, index);
      const opId = randomUUID();
      const at = performance.now();
      sentAt.set(opId, { at, slot, measured: at >= measuredFrom, received: 0 });
      const ack = await sendOp[target](slot, opId, retime(slot.team, index));
      if (!ack?.ok) {
        throw new Error(`refused: ${JSON.stringify(ack)}`);
      }
    },
  });
  const cpuTo = await cpuNow(urls, target);
  // Let the last events arrive before the sockets close.
  await sleep(1_000);
  for (const slot of slots) {
    slot.socket.disconnect();
  }
  if (errors.length > 0) {
    log(`${errors.length} failed sends, the first: ${errors[0]?.message ?? errors[0]}`);
  }
  const missing = [...sentAt.values()]
    .filter((sent) => sent.measured)
    .reduce((sum, sent) => sum + roomSize - 1 - sent.received, 0);
  if (missing > 0) {
    log(`${target}: ${missing} deliveries never arrived`);
  }
  const ops = [...sentAt.values()].filter((sent) => sent.measured).length;
  const { servers, clients } = await cpuFrom;
  const cpuPerOp = ((cpuTo.servers - servers) * 1000) / ops;
  log(
    `${target} on ${urls.length} process(es): ${cpuPerOp.toFixed(2)} ms server CPU per op, ` +
      `${(((cpuTo.clients - clients) * 1000) / ops).toFixed(2)} ms in the bench's ${slots.length} clients`,
  );
  return {
    same: { deliveries: same, seconds, cpuPerOp },
    cross: { deliveries: cross, seconds, cpuPerOp },
    missing: missing + errors.length,
  };
}

/** A row of delivery latencies; the name tells the servers' CPU time per op in that measurement. */
function deliveryRow(name, rate, { deliveries, seconds, cpuPerOp }, errors = 0) {
  const { p50, p95, p99 } = summarize(deliveries);
  return {
    bench: 'plan-collab',
    name: `${name} @${rate} ops/s (${deliveries.length} deliveries, ${cpuPerOp.toFixed(1)} ms CPU/op)`,
    rate: deliveries.length / seconds,
    p50,
    p95,
    p99,
    errors,
  };
}

function judgeDelivery(row, relayRow) {
  const { p50Ms, p99Ms, relayP99Times, text } = PLAN_COLLAB_BUDGET.delivery;
  const reasons = [];
  if (!(row.p50 <= p50Ms)) {
    reasons.push(`p50 ${row.p50.toFixed(1)} ms`);
  }
  if (!(row.p99 <= p99Ms)) {
    reasons.push(`p99 ${row.p99.toFixed(1)} ms`);
  }
  const times = row.p99 / relayRow.p99;
  if (!(times <= relayP99Times)) {
    reasons.push(`p99 ${times.toFixed(1)}× the relay's`);
  }
  if (row.errors > 0) {
    reasons.push(`${row.errors} missing`);
  }
  row.budget = text;
  row.verdict = `${reasons.length === 0 ? 'PASS' : `MISS (${reasons.join('; ')})`} (p99 ${times.toFixed(1)}× relay)`;
}

const signed = (ms) => `${ms >= 0 ? '+' : ''}${ms.toFixed(1)}`;

/** The budget compares with one api; the sender's own replica in the same run shows the hop alone. */
function judgeCrossReplica(row, oneApiRow, sameReplicaRow) {
  const { addedP95Ms, text } = PLAN_COLLAB_BUDGET.crossReplica;
  const added = row.p95 - oneApiRow.p95;
  const hop = row.p95 - sameReplicaRow.p95;
  row.budget = text;
  const missing = row.errors > 0 ? `; ${row.errors} missing` : '';
  row.verdict =
    `${added <= addedP95Ms && row.errors === 0 ? 'PASS' : 'MISS'} (${signed(added)} ms p95 vs 1 replica, ` +
    `${signed(hop)} ms vs the sender's replica${missing})`;
}

/**
 * The reconnect measurement (see the top of the file). The editors that drop are the last
 * `disconnect / plans` sockets of each plan; the others send the operations and report each plan's
 * latest version, which is what a reconnecting editor must reach.
 */
async function measureReconnect(teams, urls, pool, settings) {
  const { io, rate, warmup, disconnect, disconnectSeconds, after } = settings;
  const slots = slotsOf(teams, settings.sockets, urls.length);
  const perPlan = Math.max(1, Math.round(disconnect / teams.length));
  const byPlan = Object.values(Object.groupBy(slots, (slot) => slot.plan));
  const editorSlots = byPlan.flatMap((planSlots) => planSlots.slice(-perPlan));
  const senderSlots = byPlan.map((planSlots) => planSlots.slice(0, -perPlan));
  const latest = teams.map(() => 0);
  const flow = { acked: 0, heard: 0 };
  await connectSlots(io, senderSlots.flat(), urls);
  for (const slot of senderSlots.flat()) {
    slot.socket.on('plan.event', (payload) => {
      flow.heard += 1;
      latest[slot.plan] = Math.max(latest[slot.plan], payload.version);
    });
  }

  const tally = newSyncTally();
  const editors = await mapLimited(editorSlots, CONNECT_CONCURRENCY, async (slot) => {
    const url = urls[slot.replica];
    const token = slot.person.tokens[slot.replica];
    const client = new PlanSyncClient({
      io,
      url,
      token,
      planId: slot.team.planId,
      userId: slot.person.id,
      clientId: `bench-editor-${randomUUID()}`,
      tally,
    });
    const document = await callApi(
      url,
      slot.person,
      'GET',
      `/api/plans/${slot.team.planId}`,
      undefined,
      token,
    );
    await client.open(document);
    return { slot, client, loadedAt: document.version, edits: [] };
  });

  const traffic = startTraffic(rate, async (index) => {
    const slot = pickSender(senderSlots, index);
    const ack = await sendOp.api(slot, randomUUID(), retime(slot.team, index));
    if (!ack?.ok) {
      throw new Error(`refused: ${JSON.stringify(ack)}`);
    }
    flow.acked += 1;
    latest[slot.plan] = Math.max(latest[slot.plan], ack.version);
  });
  // A line every 5 s: a stalled phase shows where it stalls.
  const progress = setInterval(() => {
    const connected = senderSlots.flat().filter((slot) => slot.socket.connected).length;
    const converged = convergence.filter((time) => typeof time === 'number').length;
    log(
      `  ops acked ${flow.acked}, failed ${traffic.errors.length}, events heard ${flow.heard}, ` +
        `senders connected ${connected}; editors converged ${converged}/${editors.length}, catch-ups ${tally.catchUps}, ` +
        `editor messages unanswered ${tally.timeouts}, malformed answers ${tally.malformed}`,
    );
  }, 5_000);
  const convergence = editors.map(() => undefined);

  await sleep(warmup * 1000);
  const edit = (editor, ref, text) => {
    const opId = newOpId();
    editor.edits.push({
      opId,
      result: editor.client.sync.submit({ type: 'activity.edit', ref, customDetails: text }, { opId }),
    });
  };
  for (const [index, editor] of editors.entries()) {
    // In flight as the connection drops: its answer is lost, and it is resent after the reconnect.
    edit(editor, editor.slot.team.refs[0], `Before the drop ${index}`);
    editor.droppedAt = editor.client.version;
    editor.client.drop();
  }
  for (const [index, editor] of editors.entries()) {
    edit(editor, editor.slot.team.refs[1], `While offline ${index}`);
  }
  await sleep(disconnectSeconds * 1000);

  const reconnectedAt = performance.now();
  await Promise.all(
    editors.map(async (editor, index) => {
      editor.target = latest[editor.slot.plan];
      const started = performance.now();
      await editor.client.connect();
      const converged = await Promise.race([
        editor.client.until(() => editor.client.caughtUp(editor.target)),
        sleep(CONVERGE_LIMIT_MS, null),
      ]);
      convergence[index] = converged === null ? null : converged - started;
    }),
  );
  const untilAll = performance.now() - reconnectedAt;
  const waitMore = after * 1000 - untilAll;
  if (waitMore > 0) {
    await sleep(waitMore);
  }
  const trafficErrors = await traffic.stop();
  clearInterval(progress);
  if (trafficErrors.length > 0) {
    log(`${trafficErrors.length} failed sends, the first: ${trafficErrors[0]?.message ?? trafficErrors[0]}`);
  }

  const check = await checkEditors(editors, teams, urls, pool);
  for (const editor of editors) {
    editor.client.close();
  }
  for (const slot of senderSlots.flat()) {
    slot.socket.disconnect();
  }

  const times = convergence.filter((time) => time !== null);
  const notConverged = convergence.length - times.length;
  const missedOps = editors.reduce((sum, editor) => sum + editor.target - editor.droppedAt, 0);
  log(
    `reconnect: ${editors.length} editors missed ${missedOps} ops in all (${(missedOps / editors.length).toFixed(0)} each); ` +
      `all converged ${untilAll.toFixed(0)} ms after the reconnect began; catch-ups ${tally.catchUps}, ` +
      `snapshots ${tally.snapshots}, duplicates absorbed ${tally.duplicates}; ` +
      `edits made around the drop ${check.edits}, refused ${check.refused}, not exactly once in plan_events ${check.notOnce}; ` +
      `versions missed ${check.gaps}, applied twice ${check.twice}, out of order ${check.disorder}; ` +
      `editors unequal to the server at the end ${check.unequal}; plans with a version gap ${check.planGaps}; ` +
      `not converged within ${CONVERGE_LIMIT_MS / 1000}s ${notConverged}`,
  );
  const errors =
    trafficErrors.length +
    notConverged +
    check.refused +
    check.notOnce +
    check.gaps +
    check.twice +
    check.disorder +
    check.unequal +
    check.planGaps;
  const { p50, p95, p99, max } = summarize(times);
  const { ms, text } = PLAN_COLLAB_BUDGET.convergence;
  return {
    bench: 'plan-collab',
    name: `reconnect → converged, ${editors.length} editors after ${disconnectSeconds}s away (max ${max.toFixed(0)} ms)`,
    rate: Number.NaN,
    p50,
    p95,
    p99,
    errors,
    budget: text,
    verdict:
      max <= ms && errors === 0 && notConverged === 0
        ? 'PASS'
        : `MISS (max ${max.toFixed(0)} ms; ${errors} errors)`,
  };
}

/**
 * Sends `operation(index)` at a steady `rate` (open loop: a slow answer does not hold back the
 * next) until `stop()`, which resolves with the errors once the calls in flight have settled.
 */
function startTraffic(rate, operation) {
  const errors = [];
  const inFlight = new Set();
  let stopped = false;
  const start = performance.now();
  const loop = (async () => {
    for (let index = 0; ; index += 1) {
      const wait = start + (index * 1000) / rate - performance.now();
      if (wait > 0) {
        await sleep(wait);
      }
      if (stopped) {
        return;
      }
      const call = operation(index)
        .catch((error) => errors.push(error))
        .finally(() => inFlight.delete(call));
      inFlight.add(call);
    }
  })();
  return {
    errors,
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      return errors;
    },
  };
}

/**
 * A plan's state with its rows in one order: the api lists rows as stored, an editor keeps them in
 * the order it learned of them, and the screens order them by time either way.
 */
const comparable = (state) =>
  state && { ...state, activities: state.activities.toSorted((a, b) => a.ref.localeCompare(b.ref)) };

/**
 * After the traffic: waits for every editor to reach its plan's final version, then checks what
 * each applied (every version once, in order), its state against the server's, its edits (each
 * answered ok and in `plan_events` exactly once), and each plan's versions (contiguous).
 */
async function checkEditors(editors, teams, urls, pool) {
  const { rows: heads } = await pool.query(
    'SELECT id, version FROM planned_dates WHERE id = ANY($1::bigint[])',
    [teams.map((team) => team.planId)],
  );
  const head = new Map(heads.map((row) => [row.id, Number(row.version)]));
  await Promise.all(
    editors.map((editor) =>
      Promise.race([
        editor.client.until(() => editor.client.caughtUp(head.get(editor.slot.team.planId))),
        sleep(10_000),
      ]),
    ),
  );
  const server = new Map(
    await Promise.all(
      teams.map(async (team) => {
        const owner = team.people[0];
        const document = await callApi(
          urls[0],
          owner,
          'GET',
          `/api/plans/${team.planId}`,
          undefined,
          owner.tokens[0],
        );
        return [team.planId, comparable(planStateFromDocument(document))];
      }),
    ),
  );
  // An edit still unanswered by now counts as refused: it never took its place in the plan's order.
  const unanswered = sleep(1_000, { ok: false });
  const answers = new Map(
    await Promise.all(
      editors.map(async (editor) => [
        editor,
        await Promise.all(editor.edits.map(({ result }) => Promise.race([result, unanswered]))),
      ]),
    ),
  );
  const check = { edits: 0, refused: 0, notOnce: 0, gaps: 0, twice: 0, disorder: 0, unequal: 0, planGaps: 0 };
  for (const editor of editors) {
    const { versions } = editor.client;
    const seen = new Set(versions);
    check.twice += versions.length - seen.size;
    check.disorder += versions.filter((version, index) => index > 0 && version <= versions[index - 1]).length;
    const final = head.get(editor.slot.team.planId);
    for (let version = editor.loadedAt + 1; version <= final; version += 1) {
      check.gaps += seen.has(version) ? 0 : 1;
    }
    const { plan } = editor.client.sync.getSnapshot();
    if (!isDeepStrictEqual(comparable(plan), server.get(editor.slot.team.planId))) {
      check.unequal += 1;
    }
    check.edits += editor.edits.length;
    check.refused += answers.get(editor).filter((answer) => !answer.ok).length;
  }
  const opIds = editors.flatMap((editor) => editor.edits.map((edit) => edit.opId));
  const { rows: applied } = await pool.query(
    'SELECT op_id, count(*)::int AS times FROM plan_events WHERE op_id = ANY($1::uuid[]) GROUP BY op_id',
    [opIds],
  );
  const times = new Map(applied.map((row) => [row.op_id, row.times]));
  check.notOnce = opIds.filter((opId) => times.get(opId) !== 1).length;
  const { rows: versions } = await pool.query(
    `SELECT plan_id, count(*)::int AS events, min(version)::int AS first, max(version)::int AS last
       FROM plan_events WHERE plan_id = ANY($1::bigint[]) GROUP BY plan_id`,
    [teams.map((team) => team.planId)],
  );
  check.planGaps = versions.filter((row) => row.last - row.first + 1 !== row.events).length;
  return check;
}

function readOptions() {
  const numeric = Object.keys(defaults).map((name) =>
    name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
  );
  const { values } = parseArgs({
    options: {
      ...Object.fromEntries(numeric.map((name) => [name, { type: 'string' }])),
      quick: { type: 'boolean' },
      'reconnect-only': { type: 'boolean' },
    },
  });
  const given = Object.fromEntries(
    numeric
      .filter((name) => values[name])
      .map((name) => [name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase()), Number(values[name])]),
  );
  return { ...(values.quick ? quick : {}), ...given, reconnectOnly: values['reconnect-only'] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = readOptions();
  ensureBuilt();
  log(`${new Date().toISOString()}, ${cpus().length} cores, load average ${loadAverage()}`);
  const rows = await run(options);
  printTable(
    rows,
    `Live co-editing: delivery on 1 and 2 replicas and reconnect convergence, beside a bare relay (load average after: ${loadAverage()})`,
  );
}
