import { planMessages, type PlanOpResult } from '@datebook/contracts';
import type { PersistedPlanOp, PlanQueueStore } from './plan-queue-store';
import { PlanSync } from './plan-sync';
import {
  accepted,
  fakeChannel,
  FRIEND_ID,
  flush,
  memoryStore,
  openSync,
  OWNER_ID,
  planDocument,
  planEvent,
  PLAN_ID,
} from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;

const savedTitle: PersistedPlanOp = {
  opId: '0190d7a8-7a4e-7c3e-9e6f-000000000001',
  op: title('Made before the reload'),
  baseVersion: 2,
  madeAt: '2026-11-24T09:00:00.000Z',
};
const savedDate: PersistedPlanOp = {
  opId: '0190d7a8-7a4e-7c3e-9e6f-000000000002',
  op: { type: 'plan.update', field: 'date', value: '2026-12-31' },
  baseVersion: 4,
  madeAt: '2026-11-24T09:00:01.000Z',
};

function reloadedSync(
  store: PlanQueueStore,
  channel = fakeChannel(),
  document = planDocument({ version: 5 }),
) {
  const sync = new PlanSync({ planId: PLAN_ID, userId: OWNER_ID, clientId: 'reloaded', store });
  sync.setChannel(channel);
  sync.load(document);
  return sync;
}

describe('PlanSync with a queue store', () => {
  it('keeps each unsent edit in the store until the server accepts it', async () => {
    const store = memoryStore();
    const channel = fakeChannel();
    let answer: (result: PlanOpResult) => void = () => undefined;
    channel.reply = () => new Promise((resolve) => (answer = resolve));
    const sync = openSync(channel, planDocument(), { store });
    await sync.restored;
    const result = sync.submit(title('Saved'));
    await flush();

    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([
      {
        opId: channel.sent[0]?.opId,
        op: title('Saved'),
        baseVersion: 3,
        madeAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    answer(accepted(channel.sent[0]!, 4, [{ kind: 'plan', set: { title: 'Saved' } }]));
    await result;
    await flush();
    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([]);
  });

  it('puts the edits of an earlier page back in front, and sends them first with their op ids', async () => {
    const store = memoryStore({ [`${OWNER_ID}:${PLAN_ID}`]: [savedTitle, savedDate] });
    const channel = fakeChannel();
    const sync = reloadedSync(store, channel);
    void sync.submit({ type: 'plan.update', field: 'date', value: '2027-01-01' });
    expect(channel.sent).toEqual([]);

    await sync.restored;
    expect(sync.getSnapshot()).toMatchObject({
      pendingCount: 3,
      plan: { title: 'Made before the reload', date: '2027-01-01' },
    });
    await flush();
    expect(channel.sent[0]).toMatchObject({ opId: savedTitle.opId, baseVersion: 2, op: savedTitle.op });
  });

  it('sends an undo an earlier page left in the store as an undo again', async () => {
    const undo: PersistedPlanOp = { ...savedTitle, undoes: savedDate.opId };
    const store = memoryStore({ [`${OWNER_ID}:${PLAN_ID}`]: [undo] });
    const channel = fakeChannel();
    const sync = reloadedSync(store, channel);
    await sync.restored;
    await flush();

    expect(channel.sent[0]).toMatchObject({ opId: undo.opId, undoes: savedDate.opId });
    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([undo]);
  });

  it('lets the server acknowledge a restored edit it already applied, applying it once', async () => {
    const store = memoryStore({ [`${OWNER_ID}:${PLAN_ID}`]: [savedTitle, savedDate] });
    const channel = fakeChannel();
    const applied = planEvent(5, [{ kind: 'plan', set: { title: 'Made before the reload' } }], {
      opId: savedTitle.opId,
      actorId: OWNER_ID,
      op: savedTitle.op,
    });
    channel.reply = (request) =>
      Promise.resolve(
        request.opId === savedTitle.opId
          ? { ok: true, duplicate: true, version: 5, event: applied }
          : accepted(request, 6, [{ kind: 'plan', set: { date: '2026-12-31' } }]),
      );
    const document = planDocument({ version: 5, title: 'Made before the reload' });
    const sync = reloadedSync(store, channel, document);
    await sync.restored;
    await flush();
    await flush();

    expect(channel.sent.map((request) => request.opId)).toEqual([savedTitle.opId, savedDate.opId]);
    expect(sync.getSnapshot()).toMatchObject({
      pendingCount: 0,
      plan: { title: 'Made before the reload', date: '2026-12-31', version: 6 },
    });
    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([]);
  });

  it('settles a restored edit that a catch-up shows was applied, without sending it', async () => {
    const store = memoryStore({ [`${OWNER_ID}:${PLAN_ID}`]: [savedTitle] });
    const channel = fakeChannel();
    let caughtUp: () => void = () => undefined;
    channel.catchUpReply = () =>
      new Promise((resolve) => {
        const event = planEvent(6, [{ kind: 'plan', set: { title: 'Made before the reload' } }], {
          opId: savedTitle.opId,
          actorId: OWNER_ID,
        });
        caughtUp = () => resolve({ role: 'owner', version: 6, events: [event] });
      });
    channel.reply = () => new Promise(() => undefined);
    const sync = reloadedSync(store, channel);
    caughtUp();
    await sync.restored;
    await flush();

    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, plan: { version: 6 } });
    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([]);
  });

  it('restores only what this member left for this plan, and nothing malformed', async () => {
    const broken = { ...savedDate, op: { type: 'plan.update', field: 'colour', value: 'red' } };
    const store = memoryStore({
      [`${FRIEND_ID}:${PLAN_ID}`]: [savedTitle],
      [`${OWNER_ID}:43`]: [savedTitle],
      [`${OWNER_ID}:${PLAN_ID}`]: [broken as unknown as PersistedPlanOp],
    });
    const sync = reloadedSync(store);
    await sync.restored;

    expect(sync.getSnapshot().pendingCount).toBe(0);
    expect(store.opsOf(PLAN_ID, FRIEND_ID)).toEqual([savedTitle]);
  });

  it('edits on without persistence when the store cannot be read or written', async () => {
    const store: PlanQueueStore = {
      load: () => Promise.reject(new Error('blocked')),
      save: () => Promise.reject(new Error('quota')),
    };
    const channel = fakeChannel();
    channel.reply = (request) =>
      Promise.resolve(accepted(request, 6, [{ kind: 'plan', set: { title: 'Fine' } }]));
    const sync = reloadedSync(store, channel);
    await sync.restored;

    await expect(sync.submit(title('Fine'))).resolves.toEqual({ ok: true });
    expect(sync.getSnapshot().plan?.title).toBe('Fine');
  });

  it('forgets the stored edits when access is revoked', async () => {
    const store = memoryStore({ [`${OWNER_ID}:${PLAN_ID}`]: [savedTitle] });
    const sync = reloadedSync(store);
    await sync.restored;
    sync.revoke();
    await flush();

    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([]);
  });

  it('forgets the stored edits when the server says access ended', async () => {
    const store = memoryStore();
    const channel = fakeChannel();
    channel.reply = () =>
      Promise.resolve({ ok: false, code: 'FORBIDDEN', message: planMessages.accessRevoked });
    channel.catchUpReply = (since) => Promise.resolve({ role: 'collaborator', version: since, events: [] });
    const sam = { id: FRIEND_ID, name: 'Sam', username: 'sam', avatarUrl: null };
    const sync = openSync(channel, planDocument({ viewerRole: 'collaborator', collaborators: [sam] }), {
      store,
      userId: FRIEND_ID,
    });
    await sync.restored;
    const result = sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-07' });
    const second = sync.submit(title('Also'));
    await flush();

    await expect(result).resolves.toMatchObject({ ok: false, message: planMessages.accessRevoked });
    await expect(second).resolves.toMatchObject({ ok: false, message: planMessages.accessRevoked });
    expect(sync.getSnapshot().phase).toBe('revoked');
    expect(store.opsOf(PLAN_ID, FRIEND_ID)).toEqual([]);
  });

  it('forgets the stored edits when the plan is gone', async () => {
    const store = memoryStore({ [`${OWNER_ID}:${PLAN_ID}`]: [savedTitle] });
    const channel = fakeChannel();
    channel.reply = () => Promise.resolve({ ok: false, code: 'NOT_FOUND', message: planMessages.notFound });
    const sync = reloadedSync(store, channel);
    await sync.restored;
    await flush();

    expect(sync.getSnapshot().phase).toBe('gone');
    expect(store.opsOf(PLAN_ID, OWNER_ID)).toEqual([]);
  });
});
