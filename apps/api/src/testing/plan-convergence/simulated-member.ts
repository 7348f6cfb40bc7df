import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { planDocumentSchema, planServerEvents, type PlanDocument } from '@datebook/contracts';
import { newOpId, PlanSync, type PlanSnapshot } from '@datebook/domain';
import type { ApiProcess } from './api-process';
import type { ConvergenceAccount } from './convergence-setup';
import type { MemoryQueueStore } from './memory-queue-store';
import type { OpLedger } from './op-ledger';
import { randomPlanOp } from './random-plan-op';
import type { SeededRandom } from './seeded-random';
import { recordedPlanChannel } from './recorded-plan-channel';

const DOCUMENT_TIMEOUT_MS = 30_000;

export interface SimulatedMemberOptions {
  /** A short name for messages: `plan 0 member 2`. */
  name: string;
  account: ConvergenceAccount;
  planId: string;
  /** The api process this member's browser talks to; the others serve its reloads while it is down. */
  home: ApiProcess;
  apis: readonly ApiProcess[];
  store: MemoryQueueStore;
  ledger: OpLedger;
  random: SeededRandom;
  retryMs: number;
}

/**
 * One member with the plan open, as the web runs it: the real PlanSync on a Node socket.io-client
 * that reconnects by itself, fed the room's events and heads, its queue in a store that outlives
 * reloads. A reload is a new page: a new socket, a new PlanSync on the same store, the plan read
 * again over REST.
 */
export class SimulatedMember {
  private sync: PlanSync | null = null;
  private socket: Socket | null = null;
  private generation = 0;
  /** The member pulled the plug: the socket stays down until `reconnect`. */
  private unplugged = false;
  private readonly unsettled = new Set<Promise<void>>();

  constructor(private readonly options: SimulatedMemberOptions) {}

  get name(): string {
    return this.options.name;
  }

  get userId(): string {
    return this.options.account.id;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Edits whose submit has not answered yet. */
  get waiting(): number {
    return this.unsettled.size;
  }

  snapshot(): PlanSnapshot | null {
    return this.sync?.getSnapshot() ?? null;
  }

  /** Opens the plan: the saved queue back, the document over REST, then the live socket. */
  async open(): Promise<void> {
    const { account, planId, store, ledger } = this.options;
    this.generation += 1;
    const sync = new PlanSync({
      planId,
      userId: account.id,
      clientId: `convergence-${account.username}-${this.generation}`,
      store,
      retryMs: this.options.retryMs,
    });
    this.sync = sync;
    await sync.restored;
    sync.load(await this.fetchDocument());
    const socket = io(this.options.home.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: account.accessToken },
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    this.socket = socket;
    this.unplugged = false;
    socket.on('connect', () => {
      sync.setChannel(recordedPlanChannel(socket, planId, ledger));
      sync.setOnline(true);
    });
    socket.on('disconnect', (reason) => {
      sync.setOnline(false);
      // The server closed it (a restart's goodbye): socket.io leaves that one to the app.
      if (reason === 'io server disconnect' && !this.unplugged) {
        socket.connect();
      }
    });
    socket.on('plan.event', (payload: unknown) => sync.receive(payload));
    socket.on('plan.head', (payload: unknown) => sync.head(payload));
    socket.on('plan.access', (payload: unknown) => {
      const parsed = planServerEvents['plan.access'].safeParse(payload);
      if (parsed.success && parsed.data.planId === planId) {
        sync.revoke();
      }
    });
  }

  /**
   * The page goes away: the socket closes, the sync stops; the store keeps the unsent edits, and
   * the answers the page was waiting for will never come to it (the next page sends those edits).
   */
  close(): void {
    this.unsettled.clear();
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.sync?.dispose();
    this.sync = null;
  }

  async reload(): Promise<void> {
    this.options.ledger.counts.reloads += 1;
    this.close();
    await this.open();
  }

  /** Makes one random edit; its answer comes whenever it comes (offline, it waits in the queue). */
  edit(): void {
    const sync = this.sync;
    const snapshot = sync?.getSnapshot();
    if (!sync || !snapshot?.plan || snapshot.phase !== 'ready') {
      return;
    }
    const { ledger, random, planId } = this.options;
    const op = randomPlanOp(random, snapshot.plan, snapshot.role);
    const opId = newOpId();
    ledger.recordMade(opId, { planId, type: op.type });
    const answered = sync.submit(op, { opId }).then((result) => {
      if (!result.ok && !ledger.sent.has(opId)) {
        ledger.counts.refusedLocally += 1;
      }
    });
    this.unsettled.add(answered);
    void answered.finally(() => this.unsettled.delete(answered));
  }

  /**
   * The connection drops (a tunnel, a closed lid) for `ms`, then comes back. `afterEditMs`: an edit
   * goes out first and the drop follows that soon, while the server is applying it or answering.
   */
  async dropConnection(ms: number, options: { afterEditMs?: number } = {}): Promise<void> {
    const socket = this.socket;
    if (!socket?.connected || this.unplugged) {
      return;
    }
    if (options.afterEditMs !== undefined) {
      this.edit();
      await sleep(options.afterEditMs);
      if (this.socket !== socket || !socket.connected || this.unplugged) {
        return;
      }
    }
    this.options.ledger.counts.disconnects += 1;
    this.unplugged = true;
    socket.disconnect();
    await sleep(ms);
    if (this.socket === socket && this.unplugged) {
      this.reconnect();
    }
  }

  reconnect(): void {
    this.unplugged = false;
    if (this.socket && !this.socket.connected && !this.socket.active) {
      this.socket.connect();
    }
  }

  /** Asks the server for anything missed, as a `plan.head` ahead of the member would. */
  catchUp(): Promise<void> {
    return this.sync?.catchUp() ?? Promise.resolve();
  }

  /** The plan over REST from the home api, or from another while the home one is down. */
  private async fetchDocument(): Promise<PlanDocument> {
    const deadline = Date.now() + DOCUMENT_TIMEOUT_MS;
    const apis = [this.options.home, ...this.options.apis.filter((api) => api !== this.options.home)];
    for (let attempt = 0; ; attempt += 1) {
      const api = apis[attempt % apis.length]!;
      const response = await fetch(`${api.url}/api/plans/${this.options.planId}`, {
        headers: { authorization: `Bearer ${this.options.account.accessToken}` },
        signal: AbortSignal.timeout(5_000),
      }).catch(() => null);
      if (response?.ok) {
        return planDocumentSchema.parse(await response.json());
      }
      if (Date.now() > deadline) {
        throw new Error(`${this.name} could not read the plan: ${response?.status ?? 'no answer'}`);
      }
      await sleep(100);
    }
  }
}
