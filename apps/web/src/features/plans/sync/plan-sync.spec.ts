import { afterEach, describe, expect, it, vi } from 'vitest';
import { planMessages, type PlanOpRequestInput, type PlanOpResult } from '@datebook/contracts';
import { planActivity, planDocument, planEvent, REF_A, OWNER_ID } from '../testing/plan-fixtures';
import { PlanTransientError, type PlanCatchUpAnswer, type PlanChannel } from './plan-channel';
import { PLAN_RETRY_MS, PlanSync } from './plan-sync';

type Reply = (request: PlanOpRequestInput) => Promise<PlanOpResult>;

function fakeChannel(reply: Reply = () => new Promise(() => undefined)) {
  const channel = {
    kind: 'socket' as const,
    reply,
    catchUpReply: (since: number): Promise<PlanCatchUpAnswer> =>
      Promise.resolve({ role: 'owner', version: since, events: [] }),
    send: vi.fn((request: PlanOpRequestInput) => channel.reply(request)),
    catchUp: vi.fn((since: number) => channel.catchUpReply(since)),
  };
  return channel satisfies PlanChannel;
}

function openSync(channel: PlanChannel, document = planDocument()) {
  const sync = new PlanSync('42', OWNER_ID);
  sync.setChannel(channel);
  sync.load(document);
  return sync;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('PlanSync', () => {
  it('shows an edit at once, before the server answers, and joins with the confirmed version', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    void sync.submit({ type: 'plan.update', field: 'title', value: 'Picnic day' });

    expect(sync.getSnapshot().plan?.title).toBe('Picnic day');
    expect(sync.getSnapshot().pendingCount).toBe(1);
    await flush();
    expect(channel.catchUp).toHaveBeenCalledWith(3);
    expect(channel.send).toHaveBeenCalledWith(
      expect.objectContaining({
        baseVersion: 3,
        op: { type: 'plan.update', field: 'title', value: 'Picnic day' },
      }),
    );
  });

  it('confirms an accepted edit with its event and drops it from the queue', async () => {
    const channel = fakeChannel((request) =>
      Promise.resolve({
        ok: true,
        version: 4,
        event: planEvent(4, [{ kind: 'plan', set: { title: 'Picnic day' } }], { opId: request.opId }),
      }),
    );
    const sync = openSync(channel);
    const result = await sync.submit({ type: 'plan.update', field: 'title', value: 'Picnic day' });

    expect(result).toEqual({ ok: true });
    expect(sync.getSnapshot().pendingCount).toBe(0);
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Picnic day', version: 4 });
  });

  it('rolls a refused edit back and words the alert as the spec does', async () => {
    const channel = fakeChannel(() =>
      Promise.resolve({ ok: false, code: 'GONE', message: planMessages.activityGone }),
    );
    const sync = openSync(channel, planDocument({ activities: [planActivity()] }));
    const result = await sync.submit({ type: 'activity.schedule', ref: REF_A, timeZone: 'UTC' });

    expect(result).toEqual({
      ok: false,
      message: planMessages.activityGone,
      alert: `Unable to schedule activity: ${planMessages.activityGone}`,
    });
    expect(sync.getSnapshot().plan?.activities[0]?.status).toBe('unscheduled');
  });

  it('refuses locally what the rules refuse, without sending it', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel, planDocument({ viewerRole: 'collaborator', collaborators: [] }));
    const result = await sync.submit({ type: 'plan.update', field: 'title', value: 'x' });
    expect(result.ok).toBe(false);
    expect(channel.send).not.toHaveBeenCalled();
  });

  it('applies events strictly in version order and catches up on a gap', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    await flush();
    const v4 = planEvent(4, [{ kind: 'plan', set: { title: 'Four' } }]);
    const v5 = planEvent(5, [{ kind: 'plan', set: { date: '2026-12-24' } }]);
    channel.catchUpReply = () => Promise.resolve({ role: 'owner', version: 5, events: [v4, v5] });

    sync.receive(v5);
    expect(sync.getSnapshot().plan?.date).toBe('2026-12-05');
    await flush();

    expect(channel.catchUp).toHaveBeenLastCalledWith(3);
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Four', date: '2026-12-24', version: 5 });
    sync.receive(v4);
    expect(sync.getSnapshot().plan?.version).toBe(5);
  });

  it('keeps a pending edit on top of changes others make meanwhile', async () => {
    const sync = openSync(fakeChannel());
    void sync.submit({ type: 'plan.update', field: 'title', value: 'Mine' });
    sync.receive(planEvent(4, [{ kind: 'plan', set: { title: 'Theirs', date: '2026-12-31' } }]));
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Mine', date: '2026-12-31' });
    await flush();
  });

  it('sends one edit at a time, in order', async () => {
    let answer: (result: PlanOpResult) => void = () => undefined;
    const channel = fakeChannel(() => new Promise((resolve) => (answer = resolve)));
    const sync = openSync(channel);
    void sync.submit({ type: 'plan.update', field: 'title', value: 'One' });
    void sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-06' });
    await flush();
    expect(channel.send).toHaveBeenCalledTimes(1);

    const first = channel.send.mock.calls[0]?.[0];
    answer({
      ok: true,
      version: 4,
      event: planEvent(4, [{ kind: 'plan', set: { title: 'One' } }], { opId: first?.opId }),
    });
    await flush();
    expect(channel.send).toHaveBeenCalledTimes(2);
    expect(channel.send.mock.calls[1]?.[0]).toMatchObject({ baseVersion: 4 });
  });

  it('keeps an undelivered edit and resends it with the same op id', async () => {
    vi.useFakeTimers();
    const channel = fakeChannel(() => Promise.reject(new PlanTransientError()));
    const sync = openSync(channel);
    void sync.submit({ type: 'plan.update', field: 'title', value: 'Kept' });
    await vi.advanceTimersByTimeAsync(0);

    expect(sync.getSnapshot()).toMatchObject({ reconnecting: true, pendingCount: 1 });
    expect(sync.getSnapshot().plan?.title).toBe('Kept');
    channel.reply = (request) =>
      Promise.resolve({
        ok: true,
        version: 4,
        event: planEvent(4, [{ kind: 'plan', set: { title: 'Kept' } }], { opId: request.opId }),
      });
    await vi.advanceTimersByTimeAsync(PLAN_RETRY_MS);

    const [first, second] = channel.send.mock.calls.map(([request]) => request.opId);
    expect(second).toBe(first);
    expect(sync.getSnapshot()).toMatchObject({ reconnecting: false, pendingCount: 0 });
  });

  it('shares one answer between two sends of the same intent', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    const opId = '0190d7a8-7a4e-7c3e-9e6f-1234567890ab';
    void sync.submit({ type: 'plan.update', field: 'title', value: 'Once' }, { opId });
    void sync.submit({ type: 'plan.update', field: 'title', value: 'Once' }, { opId });
    await flush();
    expect(channel.send).toHaveBeenCalledTimes(1);
    expect(sync.getSnapshot().pendingCount).toBe(1);
  });

  it('tells a collaborator refused on rejoin that their access ended, not that the plan is gone', async () => {
    const channel = fakeChannel();
    channel.catchUpReply = () => Promise.resolve({ denied: 'NOT_FOUND', message: planMessages.notFound });
    const sync = openSync(channel, planDocument({ viewerRole: 'collaborator' }));
    await flush();

    expect(sync.getSnapshot().phase).toBe('revoked');
  });

  it('tells the owner refused on rejoin that the plan is gone', async () => {
    const channel = fakeChannel();
    channel.catchUpReply = () => Promise.resolve({ denied: 'NOT_FOUND', message: planMessages.notFound });
    const sync = openSync(channel);
    await flush();

    expect(sync.getSnapshot().phase).toBe('gone');
  });

  it('ends editing when access is revoked, failing what was pending', async () => {
    const sync = openSync(fakeChannel());
    const pending = sync.submit({ type: 'plan.update', field: 'title', value: 'Late' });
    sync.revoke();
    expect(sync.getSnapshot().phase).toBe('revoked');
    await expect(pending).resolves.toMatchObject({ ok: false, message: planMessages.accessRevoked });
  });
});
