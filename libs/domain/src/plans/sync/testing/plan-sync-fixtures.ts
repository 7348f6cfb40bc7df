import type { PlanChange, PlanOpRequestInput, PlanOpResult } from '@datebook/contracts';
import { OWNER_ID, PLAN_ID, planDocument, planEvent } from '../../../testing/plan-fixtures';
import type { PlanCatchUpAnswer, PlanChannel } from '../plan-channel';
import type { PersistedPlanOp, PlanQueueStore } from '../plan-queue-store';
import { PlanSync } from '../plan-sync';

/* Plans, events, a channel and a store for the sync's tests: plain objects that record what they get. */

export {
  FRIEND_ID,
  OWNER_ID,
  PLAN_ID,
  planActivity,
  planDocument,
  planEvent,
  REF_A,
  REF_B,
} from '../../../testing/plan-fixtures';

/** The server's acceptance of `request`, whose event made `changes`, at `version`. */
export function accepted(
  request: PlanOpRequestInput,
  version: number,
  changes: PlanChange[],
  extra: { overwrote?: { actorId: string; name: string } } = {},
): PlanOpResult {
  const event = planEvent(version, changes, {
    opId: request.opId,
    actorId: OWNER_ID,
    op: request.op,
  });
  return { ok: true, version, event, ...extra };
}

/**
 * A channel the test answers: `reply` for operations (unanswered by default), `catchUpReply` for
 * catch-ups (nothing missed by default). It records what it was asked.
 */
export function fakeChannel(kind: PlanChannel['kind'] = 'socket') {
  const channel = {
    kind,
    reply: (_request: PlanOpRequestInput): Promise<PlanOpResult> => new Promise(() => undefined),
    catchUpReply: (since: number): Promise<PlanCatchUpAnswer> =>
      Promise.resolve({ role: 'owner', version: since, events: [] }),
    sent: [] as PlanOpRequestInput[],
    catchUps: [] as number[],
    send(request: PlanOpRequestInput) {
      channel.sent.push(request);
      return channel.reply(request);
    },
    catchUp(since: number) {
      channel.catchUps.push(since);
      return channel.catchUpReply(since);
    },
  };
  return channel satisfies PlanChannel;
}

/** The store as a Map, keyed as the browser's is; `saves` counts writes. */
export function memoryStore(initial: Record<string, PersistedPlanOp[]> = {}) {
  const saved = new Map(Object.entries(initial));
  const store = {
    saved,
    saves: 0,
    load: (planId: string, userId: string) => Promise.resolve(saved.get(`${userId}:${planId}`) ?? []),
    save(planId: string, userId: string, ops: readonly PersistedPlanOp[]) {
      store.saves += 1;
      saved.set(`${userId}:${planId}`, [...ops]);
      return Promise.resolve();
    },
    opsOf: (planId: string, userId: string) => saved.get(`${userId}:${planId}`) ?? [],
  };
  return store satisfies PlanQueueStore;
}

/** A sync for PLAN_ID as OWNER_ID on `channel`, with `document` loaded. */
export function openSync(
  channel: PlanChannel,
  document = planDocument(),
  options: { store?: PlanQueueStore; userId?: string; retryMs?: number; gapGraceMs?: number } = {},
) {
  const sync = new PlanSync({
    planId: PLAN_ID,
    userId: options.userId ?? OWNER_ID,
    clientId: 'test-client',
    ...(options.store ? { store: options.store } : {}),
    ...(options.retryMs ? { retryMs: options.retryMs } : {}),
    // Most tests are about what a gap leads to, not when: heal it on the next tick.
    gapGraceMs: options.gapGraceMs ?? 0,
  });
  sync.setChannel(channel);
  sync.load(document);
  return sync;
}

/** Lets every settled promise and zero-delay timer run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
