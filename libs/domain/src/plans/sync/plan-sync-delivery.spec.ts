import type { PlanOpResult } from '@datebook/contracts';
import type { PlanCatchUpAnswer } from './plan-channel';
import { PlanTransientError } from './plan-channel';
import { PLAN_RETRY_MAX_MS, PLAN_RETRY_MS } from './retry-schedule';
import {
  accepted,
  fakeChannel,
  openSync,
  OWNER_ID,
  planDocument,
  planEvent,
  REF_A,
} from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;
const titleSet = (value: string) => [{ kind: 'plan' as const, set: { title: value } }];
const tick = () => jest.advanceTimersByTimeAsync(0);

/** A channel whose operations wait until the test answers them, one by one. */
function heldChannel() {
  const channel = fakeChannel();
  const answers: ((result: PlanOpResult) => void)[] = [];
  channel.reply = () => new Promise((resolve) => answers.push(resolve));
  return { channel, answer: (result: PlanOpResult) => answers.shift()?.(result) };
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('PlanSync coalescing', () => {
  it('sends only the latest of the queued edits to one register, answering every caller', async () => {
    const { channel, answer } = heldChannel();
    const sync = openSync(channel);
    const first = sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-06' });
    await tick();
    const typed = [sync.submit(title('P')), sync.submit(title('Pi')), sync.submit(title('Picnic'))];
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 2, plan: { title: 'Picnic' } });

    answer(accepted(channel.sent[0]!, 4, [{ kind: 'plan', set: { date: '2026-12-06' } }]));
    await tick();
    expect(channel.sent.map((request) => request.op)).toEqual([
      { type: 'plan.update', field: 'date', value: '2026-12-06' },
      title('Picnic'),
    ]);
    answer(accepted(channel.sent[1]!, 5, titleSet('Picnic')));

    await expect(first).resolves.toEqual({ ok: true });
    await expect(Promise.all(typed)).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(channel.sent[1]?.baseVersion).toBe(3);
  });

  it('keeps the version the member saw when the burst began', async () => {
    const { channel, answer } = heldChannel();
    const sync = openSync(channel);
    void sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-06' });
    void sync.submit(title('Before'));
    await tick();
    answer(accepted(channel.sent[0]!, 4, [{ kind: 'plan', set: { date: '2026-12-06' } }]));
    void sync.submit(title('After'));
    await tick();

    expect(channel.sent[1]).toMatchObject({ baseVersion: 3, op: title('After') });
  });

  it('does not move a value past a command queued after it', async () => {
    const { channel, answer } = heldChannel();
    const sync = openSync(channel, planDocument({ status: 'prepared' }));
    void sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-06' });
    void sync.submit(title('One'));
    void sync.submit({ type: 'plan.lock', locked: true });
    void sync.submit({ type: 'plan.lock', locked: false });
    void sync.submit(title('Two'));
    await tick();
    for (let version = 4; version <= 8; version += 1) {
      const request = channel.sent[version - 4]!;
      answer(accepted(request, version, []));
      await tick();
    }

    expect(channel.sent.map((request) => request.op.type)).toEqual([
      'plan.update',
      'plan.update',
      'plan.lock',
      'plan.lock',
      'plan.update',
    ]);
  });

  it('never replaces an edit that already went out', async () => {
    const channel = fakeChannel();
    channel.reply = () => Promise.reject(new PlanTransientError());
    const sync = openSync(channel);
    void sync.submit(title('Sent once'));
    await tick();
    void sync.submit(title('Later'));
    channel.reply = (request) => Promise.resolve(accepted(request, 4 + channel.sent.length, []));
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MS);
    await tick();

    const [failed, resent, later] = channel.sent;
    expect(resent?.opId).toBe(failed?.opId);
    expect(later?.op).toEqual(title('Later'));
  });

  it('does not merge edits of different rows or fields', async () => {
    const { channel, answer } = heldChannel();
    const custom = { ref: REF_A, isCustom: true, customLocation: null, customDetails: null };
    const document = planDocument({
      activities: [
        {
          ...custom,
          id: '1',
          activityId: null,
          beginsAt: null,
          endsAt: null,
          status: 'unscheduled',
          linked: null,
          title: 'Custom',
          location: null,
          imageUrl: null,
          durationMinutes: null,
        },
      ],
    });
    const sync = openSync(channel, document);
    void sync.submit(title('Busy'));
    void sync.submit({ type: 'activity.edit', ref: REF_A, customLocation: 'Beach' });
    void sync.submit({ type: 'activity.edit', ref: REF_A, customDetails: 'Towels' });
    void sync.submit({ type: 'activity.edit', ref: REF_A, customLocation: 'Lake' });
    await tick();
    answer(accepted(channel.sent[0]!, 4, titleSet('Busy')));
    await tick();

    expect(sync.getSnapshot().pendingCount).toBe(2);
    expect(sync.getSnapshot().plan?.activities[0]).toMatchObject({
      customLocation: 'Lake',
      customDetails: 'Towels',
    });
  });
});

describe('PlanSync delivery', () => {
  it('keeps an undelivered edit and resends it with the same op id', async () => {
    const channel = fakeChannel();
    channel.reply = () => Promise.reject(new PlanTransientError());
    const sync = openSync(channel);
    void sync.submit(title('Kept'));
    await tick();

    expect(sync.getSnapshot()).toMatchObject({
      connection: 'reconnecting',
      reconnecting: true,
      pendingCount: 1,
    });
    expect(sync.getSnapshot().plan?.title).toBe('Kept');
    channel.reply = (request) => Promise.resolve(accepted(request, 4, titleSet('Kept')));
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MS);

    const [first, second] = channel.sent.map((request) => request.opId);
    expect(second).toBe(first);
    expect(sync.getSnapshot()).toMatchObject({ connection: 'online', reconnecting: false, pendingCount: 0 });
  });

  it('waits longer after each failure in a row, up to the cap, and starts over after a success', async () => {
    const channel = fakeChannel();
    channel.reply = () => Promise.reject(new PlanTransientError());
    const sync = openSync(channel, planDocument(), { retryMs: 1_000 });
    void sync.submit(title('Patient'));
    await tick();
    const attemptsAfter = async (ms: number) => {
      await jest.advanceTimersByTimeAsync(ms);
      return channel.sent.length;
    };

    expect(channel.sent).toHaveLength(1);
    expect(await attemptsAfter(999)).toBe(1);
    expect(await attemptsAfter(1)).toBe(2);
    expect(await attemptsAfter(1_999)).toBe(2);
    expect(await attemptsAfter(1)).toBe(3);
    expect(await attemptsAfter(4_000)).toBe(4);
    expect(await attemptsAfter(8_000)).toBe(5);
    expect(await attemptsAfter(16_000)).toBe(6);
    expect(await attemptsAfter(PLAN_RETRY_MAX_MS - 1)).toBe(6);
    expect(await attemptsAfter(1)).toBe(7);
    expect(await attemptsAfter(PLAN_RETRY_MAX_MS)).toBe(8);

    channel.reply = (request) => Promise.resolve(accepted(request, 4, titleSet('Patient')));
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MAX_MS);
    channel.reply = () => Promise.reject(new PlanTransientError());
    void sync.submit(title('Again'));
    await tick();
    expect(await attemptsAfter(1_000)).toBe(11);
  });

  it('tries at once on a new channel instead of waiting out the back-off', async () => {
    const channel = fakeChannel();
    channel.reply = () => Promise.reject(new PlanTransientError());
    const sync = openSync(channel);
    void sync.submit(title('Eager'));
    await tick();
    const next = fakeChannel('rest');
    next.reply = (request) => Promise.resolve(accepted(request, 4, titleSet('Eager')));

    sync.setChannel(next);
    await tick();

    expect(next.sent.map((request) => request.opId)).toEqual([channel.sent[0]?.opId]);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, connection: 'online' });
  });

  it('sends nothing on a new socket before its join answers; an edit the missed events hold is not resent', async () => {
    const channel = fakeChannel();
    let drop: () => void = () => undefined;
    channel.reply = () => new Promise((_resolve, reject) => (drop = () => reject(new PlanTransientError())));
    const sync = openSync(channel);
    await tick();
    const applied = sync.submit(title('Applied before the drop'));
    await tick();
    const [inFlight] = channel.sent;
    // The socket drops: its answer never comes (the socket channel fails what is in flight).
    sync.setChannel(null);
    sync.setOnline(false);
    drop();
    const offline = sync.submit(title('Made offline'));

    const next = fakeChannel();
    let answerJoin: (answer: PlanCatchUpAnswer) => void = () => undefined;
    next.catchUpReply = () => new Promise((resolve) => (answerJoin = resolve));
    next.reply = (request) => Promise.resolve(accepted(request, 5, titleSet('Made offline')));
    sync.setChannel(next);
    sync.setOnline(true);
    await tick();

    expect(next.catchUps).toEqual([3]);
    expect(next.sent).toEqual([]);
    answerJoin({
      role: 'owner',
      version: 4,
      events: [
        planEvent(4, titleSet('Applied before the drop'), {
          opId: inFlight!.opId,
          actorId: OWNER_ID,
          op: inFlight!.op,
        }),
      ],
    });
    await tick();

    expect(next.sent.map((request) => request.op)).toEqual([title('Made offline')]);
    await expect(applied).resolves.toEqual({ ok: true });
    await expect(offline).resolves.toEqual({ ok: true });
    expect(sync.getSnapshot()).toMatchObject({
      pendingCount: 0,
      plan: { title: 'Made offline', version: 5 },
    });
  });

  it('backs off and resends the same op id when the server is limiting the member, never rolling back', async () => {
    const channel = fakeChannel();
    channel.reply = () => Promise.resolve({ ok: false, code: 'RATE_LIMITED', message: 'Slow down.' });
    const sync = openSync(channel);
    const result = sync.submit(title('Throttled'));
    let settled = false;
    void result.then(() => (settled = true));
    await tick();

    expect(settled).toBe(false);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 1, plan: { title: 'Throttled' } });
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MS);
    expect(channel.sent).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MS);
    expect(channel.sent).toHaveLength(2);

    channel.reply = (request) => Promise.resolve(accepted(request, 4, titleSet('Throttled')));
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MS);
    await expect(result).resolves.toEqual({ ok: true });
    expect(new Set(channel.sent.map((request) => request.opId)).size).toBe(1);
    expect(channel.sent).toHaveLength(3);
  });
});

describe('PlanSync catch-up', () => {
  it('is reconnecting while a catch-up fails, and online once one succeeds', async () => {
    const channel = fakeChannel();
    channel.catchUpReply = () => Promise.reject(new PlanTransientError());
    const sync = openSync(channel);
    await tick();
    expect(sync.getSnapshot().connection).toBe('reconnecting');

    channel.catchUpReply = (since) => Promise.resolve({ role: 'owner', version: since, events: [] });
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MS);

    expect(channel.catchUps).toEqual([3, 3]);
    expect(sync.getSnapshot().connection).toBe('online');
  });
});

describe('PlanSync offline', () => {
  it('shows offline, keeps queueing, and sends nothing until back', async () => {
    const channel = fakeChannel('rest');
    const sync = openSync(channel);
    await tick();
    sync.setOnline(false);
    void sync.submit(title('On the train'));
    await jest.advanceTimersByTimeAsync(PLAN_RETRY_MAX_MS);

    expect(sync.getSnapshot()).toMatchObject({
      connection: 'offline',
      pendingCount: 1,
      plan: { title: 'On the train' },
    });
    expect(channel.sent).toEqual([]);
  });

  it('is reconnecting after coming back until it caught up, then delivers what waited', async () => {
    const channel = fakeChannel('rest');
    const sync = openSync(channel);
    await tick();
    sync.setOnline(false);
    void sync.submit(title('Queued'));
    let caughtUp: () => void = () => undefined;
    channel.catchUpReply = (since) =>
      new Promise((resolve) => (caughtUp = () => resolve({ role: 'owner', version: since, events: [] })));
    channel.reply = (request) => Promise.resolve(accepted(request, 4, titleSet('Queued')));

    sync.setOnline(true);
    expect(sync.getSnapshot().connection).toBe('reconnecting');
    expect(channel.catchUps).toEqual([3]);
    caughtUp();
    await tick();

    expect(channel.sent).toHaveLength(1);
    expect(sync.getSnapshot()).toMatchObject({ connection: 'online', pendingCount: 0 });
  });

  it('rejoins over a socket handed over after coming back', async () => {
    const sync = openSync(fakeChannel());
    await tick();
    sync.setChannel(null);
    sync.setOnline(false);
    const socket = fakeChannel();
    sync.setOnline(true);
    sync.setChannel(socket);
    await tick();

    expect(socket.catchUps).toEqual([3]);
    expect(sync.getSnapshot().connection).toBe('online');
  });
});
