// A member's plan editor without the browser: the product's own client algorithm (`PlanSync` from
// @datebook/domain, the code the web runs) over a real Socket.IO connection, wired the way the web's
// editor wires it (apps/web/src/features/plans/hooks/use-plan.ts) for a device that loses its
// network: connect → a socket channel, which rejoins with the last confirmed version; disconnect →
// offline, edits keep queueing (the web does this on the browser's `offline` event; when only its
// socket drops it sends over REST meanwhile, which the bench leaves out); `plan.event` and
// `plan.head` feed the sync. The channel is the web's own (`socketPlanChannel`), counting what a run
// wants to report.
import { PlanAckError, PlanSync, PlanTransientError, socketPlanChannel } from '@datebook/domain';

/**
 * The api's socket, typed by the contracts' one event map (as the web's LiveSocket is).
 * @typedef {import('socket.io-client').Socket<
 *   import('@datebook/contracts').ServerToClientEvents,
 *   import('@datebook/contracts').ClientToServerEvents
 * >} ApiSocket
 */

/**
 * What every channel of a run saw: joins answered (catch-ups), snapshots instead of events,
 * duplicates, and messages that went unanswered in time or came back malformed.
 */
export const newSyncTally = () => ({ catchUps: 0, snapshots: 0, duplicates: 0, timeouts: 0, malformed: 0 });

/** Counts what went wrong: no answer (a timeout or a drop) or an answer that failed its contract. */
function countFailure(tally, error) {
  if (error instanceof PlanTransientError && error.cause instanceof PlanAckError) {
    tally.timeouts += 1;
  } else {
    tally.malformed += 1;
  }
}

/**
 * The product's socket channel (the one the web uses), counting what it answers into `tally`.
 * @param {ApiSocket} socket
 */
export function socketChannel(socket, planId, tally, onJoined = () => undefined) {
  const channel = socketPlanChannel(socket, planId);
  return {
    kind: channel.kind,
    async send(request) {
      try {
        const answer = await channel.send(request);
        if (answer.ok && answer.duplicate) {
          tally.duplicates += 1;
        }
        return answer;
      } catch (error) {
        countFailure(tally, error);
        throw error;
      }
    },
    async catchUp(sinceVersion) {
      let answer;
      try {
        answer = await channel.catchUp(sinceVersion);
      } catch (error) {
        countFailure(tally, error);
        throw error;
      }
      tally.catchUps += 1;
      onJoined();
      if ('snapshot' in answer) {
        tally.snapshots += 1;
      }
      return answer;
    },
  };
}

/**
 * One open editor: a socket of its own and a PlanSync, with every version it applied from an event
 * (in the order applied), to check afterwards that nothing was missed or applied twice.
 */
export class PlanSyncClient {
  /** Versions of the events applied to confirmed state, in order. */
  versions = [];

  constructor({ io, url, token, planId, userId, clientId, tally }) {
    this.planId = planId;
    /** @type {ApiSocket} */
    this.socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      autoConnect: false,
    });
    this.sync = new PlanSync({
      planId,
      userId,
      clientId,
      onEvent: (event) => this.versions.push(event.version),
    });
    this.socket.on('connect', () => {
      this.sync.setOnline(true);
      this.sync.setChannel(socketChannel(this.socket, planId, tally, () => this.joined?.()));
    });
    this.socket.on('disconnect', () => {
      this.sync.setChannel(null);
      this.sync.setOnline(false);
    });
    this.socket.on('plan.event', (payload) => this.sync.receive(payload));
    this.socket.on('plan.head', (payload) => this.sync.head(payload));
  }

  /** The plan as REST gave it, then the socket: resolves once `plan.join` has answered. */
  async open(document) {
    this.sync.load(document);
    const joined = new Promise((resolve) => {
      this.joined = resolve;
    });
    await this.connect();
    await joined;
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('connect_error', reject);
      this.socket.connect();
    });
  }

  /** Like a dropped network: the socket goes, the editor stays open and keeps its edits. */
  drop() {
    this.socket.disconnect();
  }

  get version() {
    return this.sync.getSnapshot().plan?.version ?? 0;
  }

  /** Confirmed state has reached `version` and nothing of this member's waits. */
  caughtUp(version) {
    const snapshot = this.sync.getSnapshot();
    return (snapshot.plan?.version ?? 0) >= version && snapshot.pendingCount === 0;
  }

  /** Resolves (with the time) when `condition` holds after some change of the sync, or now. */
  until(condition) {
    return new Promise((resolve) => {
      if (condition()) {
        resolve(performance.now());
        return;
      }
      const unsubscribe = this.sync.subscribe(() => {
        if (condition()) {
          unsubscribe();
          resolve(performance.now());
        }
      });
    });
  }

  close() {
    this.sync.dispose();
    this.socket.disconnect();
  }
}
