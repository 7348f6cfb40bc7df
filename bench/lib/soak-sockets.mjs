// The soak's live connections: every member keeps `tabs` Socket.IO connections open through the
// load balancer (WebSocket only: nginx balances without sticky sessions), each joined to the
// member's plan room, reconnecting and rejoining by itself as the web app does. Some send plan
// operations at a steady rate; each operation's other sockets in the room should hear it
// (`plan.event`), and a delivery that never comes to a socket that stayed connected is counted
// missing. `media.status` events tell when the workers finished a published photo.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { paced } from './soak-load.mjs';
import { mapLimited } from './plan-teams.mjs';

const ACK_TIMEOUT_MS = 5_000;
const CLIENT_ID = 'bench-soak';
const CONNECT_CONCURRENCY = 20;
/** How long the last operations' events may take to arrive before undelivered ones count missing. */
const DELIVERY_GRACE_MS = 3_000;

/** A new slot each time, so no operation is a no-op: hour 8–19 on the plan's day. */
function retime(team, index) {
  const hour = 8 + (index % 12);
  return {
    type: 'activity.setTimes',
    ref: team.refs[index % team.refs.length],
    beginsAt: `2026-12-31T${String(hour).padStart(2, '0')}:00:00.000Z`,
    endsAt: `2026-12-31T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
  };
}

export class SocketFleet {
  counts = {
    sockets: 0,
    connects: 0,
    connectErrors: 0,
    disconnects: 0,
    joins: 0,
    joinRefusals: 0,
    opsSent: 0,
    opsAcked: 0,
    opsRefused: 0,
    opsUnanswered: 0,
    events: 0,
    deliveriesExpected: 0,
    deliveriesMissing: 0,
  };
  /** Why sockets disconnected, as Socket.IO names it ('transport close', 'io server disconnect', …). */
  disconnectReasons = new Map();
  slots = [];
  /** opId → the sockets of the room still owed its event, each with its drop count at the send. */
  #pending = new Map();

  constructor({ io, url, teams, tabs, onMediaStatus }) {
    this.io = io;
    this.url = url;
    this.onMediaStatus = onMediaStatus;
    for (const team of teams) {
      for (const person of team.people) {
        for (let tab = 0; tab < tabs; tab += 1) {
          this.slots.push({ team, person, socket: null, joined: false, seen: 0, drops: 0 });
        }
      }
    }
  }

  /** Opens every socket and waits until each has joined its plan. */
  async connect() {
    await mapLimited(this.slots, CONNECT_CONCURRENCY, (slot) => this.#open(slot));
    this.counts.sockets = this.slots.length;
  }

  #open(slot) {
    const socket = this.io(this.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: slot.person.accessToken },
      reconnectionDelayMax: 2_000,
    });
    slot.socket = socket;
    const firstJoin = new Promise((resolve, reject) => {
      socket.on('connect', () => {
        this.counts.connects += 1;
        this.#join(slot).then(resolve, reject);
      });
    });
    socket.on('connect_error', () => {
      this.counts.connectErrors += 1;
    });
    socket.on('disconnect', (reason) => {
      slot.joined = false;
      slot.drops += 1;
      this.counts.disconnects += 1;
      this.disconnectReasons.set(reason, (this.disconnectReasons.get(reason) ?? 0) + 1);
    });
    socket.on('plan.event', (payload) => {
      this.counts.events += 1;
      slot.seen = Math.max(slot.seen, payload.version ?? 0);
      const owed = this.#pending.get(payload.opId);
      if (owed?.delete(slot) && owed.size === 0) {
        this.#pending.delete(payload.opId);
      }
    });
    socket.on('media.status', (payload) => this.onMediaStatus(payload));
    return firstJoin;
  }

  async #join(slot) {
    const answer = await slot.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('plan.join', { planId: slot.team.planId })
      .catch((error) => ({ ok: false, error }));
    if (!answer.ok) {
      this.counts.joinRefusals += 1;
      throw new Error(`plan.join refused: ${JSON.stringify(answer.error?.message ?? answer.error)}`);
    }
    this.counts.joins += 1;
    slot.seen = Math.max(slot.seen, answer.version ?? 0);
    slot.joined = true;
  }

  /**
   * Plan operations at `rate` per second until `until`, from joined sockets in turn, each timed from
   * send to ack into `stats` as 'plan op (socket)'.
   */
  async runOps({ rate, until, stats }) {
    const result = await paced({
      rate,
      until,
      maxInFlight: 50,
      operation: async (index) => {
        const joined = this.slots.filter((slot) => slot.joined);
        if (joined.length === 0) {
          stats.failed('plan op (socket)', new Error('no socket joined'));
          return;
        }
        const slot = joined[index % joined.length];
        const opId = randomUUID();
        const others = this.slots.filter(
          (other) => other !== slot && other.joined && other.team === slot.team,
        );
        this.#pending.set(opId, new Map(others.map((other) => [other, other.drops])));
        this.counts.opsSent += 1;
        await stats.time('plan op (socket)', async () => {
          const ack = await slot.socket
            .timeout(ACK_TIMEOUT_MS)
            .emitWithAck('plan.op', {
              planId: slot.team.planId,
              opId,
              clientId: CLIENT_ID,
              baseVersion: slot.seen,
              op: retime(slot.team, index),
            })
            .catch((error) => {
              this.counts.opsUnanswered += 1;
              this.#pending.delete(opId);
              throw error;
            });
          if (!ack?.ok) {
            this.counts.opsRefused += 1;
            this.#pending.delete(opId);
            throw new Error(`plan.op refused: ${ack?.code ?? ''} ${ack?.message ?? JSON.stringify(ack)}`);
          }
          this.counts.opsAcked += 1;
          this.counts.deliveriesExpected += others.length;
        });
      },
    });
    await sleep(DELIVERY_GRACE_MS);
    // A socket that dropped meanwhile catches up by rejoining; only one that stayed should have heard.
    for (const owed of this.#pending.values()) {
      for (const [slot, dropsAtSend] of owed) {
        if (slot.drops === dropsAtSend) {
          this.counts.deliveriesMissing += 1;
        }
      }
    }
    return result;
  }

  close() {
    for (const slot of this.slots) {
      slot.socket?.disconnect();
    }
  }
}
