import { planMessages, type PlanOpResult } from '@datebook/contracts';
import {
  accepted,
  fakeChannel,
  flush,
  openSync,
  planActivity,
  planDocument,
  planEvent,
  REF_A,
} from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;

describe('PlanSync', () => {
  it('shows an edit at once, before the server answers, and joins with the confirmed version', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    void sync.submit(title('Picnic day'));

    expect(sync.getSnapshot().plan?.title).toBe('Picnic day');
    expect(sync.getSnapshot().pendingCount).toBe(1);
    await flush();
    expect(channel.catchUps).toEqual([3]);
    expect(channel.sent).toEqual([
      expect.objectContaining({ baseVersion: 3, clientId: 'test-client', op: title('Picnic day') }),
    ]);
  });

  it('says at once that an edit is on screen and waiting, and never for one the rules refuse', async () => {
    const sync = openSync(fakeChannel());
    await flush();
    const queued: string[] = [];

    void sync.submit(title('Offline picnic'), { onQueued: () => queued.push('title') });
    expect(queued).toEqual(['title']);
    const refused = await sync.submit(
      { type: 'activity.remove', ref: 'not-in-the-plan' },
      { onQueued: () => queued.push('remove') },
    );
    expect(refused.ok).toBe(false);
    expect(queued).toEqual(['title']);
  });

  it('confirms an accepted edit with its event and drops it from the queue', async () => {
    const channel = fakeChannel();
    channel.reply = (request) =>
      Promise.resolve(accepted(request, 4, [{ kind: 'plan', set: { title: 'Picnic day' } }]));
    const sync = openSync(channel);
    const result = await sync.submit(title('Picnic day'));

    expect(result).toEqual({ ok: true });
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, connection: 'online' });
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Picnic day', version: 4 });
  });

  it('rolls a refused edit back and words the alert as the spec does', async () => {
    const channel = fakeChannel();
    channel.reply = () => Promise.resolve({ ok: false, code: 'GONE', message: planMessages.activityGone });
    const sync = openSync(channel, planDocument({ activities: [planActivity()] }));
    const result = await sync.submit({ type: 'activity.schedule', ref: REF_A });

    expect(result).toEqual({
      ok: false,
      message: planMessages.activityGone,
      alert: `Unable to schedule activity: ${planMessages.activityGone}`,
    });
    expect(sync.getSnapshot().plan?.activities[0]?.status).toBe('unscheduled');
  });

  it('takes the canonical plan a refusal carries', async () => {
    const channel = fakeChannel();
    channel.reply = () =>
      Promise.resolve({
        ok: false,
        code: 'LOCKED',
        message: planMessages.locked,
        canonical: planDocument({ version: 5, title: 'Locked in', locked: true, status: 'prepared' }),
      });
    const sync = openSync(channel);
    const result = await sync.submit(title('Too late'));

    expect(result).toMatchObject({ ok: false, message: planMessages.locked });
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Locked in', locked: true, version: 5 });
  });

  it('refuses locally what the rules refuse, without sending it', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel, planDocument({ viewerRole: 'collaborator', collaborators: [] }));
    const result = await sync.submit(title('x'));
    expect(result.ok).toBe(false);
    expect(channel.sent).toEqual([]);
  });

  it('applies events strictly in version order and catches up on a gap', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    await flush();
    const v4 = planEvent(4, [{ kind: 'plan', set: { title: 'Four' } }]);
    const v5 = planEvent(5, [{ kind: 'plan', set: { date: '2026-12-24' } }]);
    channel.catchUpReply = () => Promise.resolve({ role: 'owner', version: 5, events: [v5, v4] });

    sync.receive(v5);
    expect(sync.getSnapshot().plan?.date).toBe('2026-12-05');
    await flush();

    expect(channel.catchUps).toEqual([3, 3]);
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Four', date: '2026-12-24', version: 5 });
    sync.receive(v4);
    expect(sync.getSnapshot().plan?.version).toBe(5);
  });

  it('drops events of another plan and malformed ones', async () => {
    const sync = openSync(fakeChannel());
    await flush();
    sync.receive(planEvent(4, [{ kind: 'plan', set: { title: 'Elsewhere' } }], { planId: '43' }));
    sync.receive({ planId: '42', version: 4 });
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Our day', version: 3 });
  });

  it('keeps a pending edit on top of changes others make meanwhile', async () => {
    const sync = openSync(fakeChannel());
    void sync.submit(title('Mine'));
    sync.receive(planEvent(4, [{ kind: 'plan', set: { title: 'Theirs', date: '2026-12-31' } }]));
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Mine', date: '2026-12-31' });
    await flush();
  });

  it('sends one edit at a time, in order, each with the version its author saw', async () => {
    let answer: (result: PlanOpResult) => void = () => undefined;
    const channel = fakeChannel();
    channel.reply = () => new Promise((resolve) => (answer = resolve));
    const sync = openSync(channel);
    void sync.submit(title('One'));
    void sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-06' });
    await flush();
    expect(channel.sent).toHaveLength(1);

    const first = channel.sent[0];
    answer(accepted(first!, 4, [{ kind: 'plan', set: { title: 'One' } }]));
    await flush();
    expect(channel.sent).toHaveLength(2);
    // Made while the plan was at 3: the server compares the date with what the member saw then.
    expect(channel.sent[1]).toMatchObject({ baseVersion: 3, op: { field: 'date' } });
  });

  it('settles an edit whose event arrives before its acknowledgement, answering when that comes', async () => {
    let answer: (result: PlanOpResult) => void = () => undefined;
    const channel = fakeChannel();
    channel.reply = () => new Promise((resolve) => (answer = resolve));
    const sync = openSync(channel);
    const result = sync.submit(title('Raced'));
    await flush();
    const ack = accepted(channel.sent[0]!, 4, [{ kind: 'plan', set: { title: 'Raced' } }]);

    sync.receive(ack.ok ? ack.event : null);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, plan: { title: 'Raced', version: 4 } });
    // The answer may still say whose change the edit replaced.
    answer(ack);
    await expect(result).resolves.toEqual({ ok: true });
    await flush();

    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, plan: { title: 'Raced', version: 4 } });
  });

  it('keeps an accepted edit pending until the event before it arrives', async () => {
    const channel = fakeChannel();
    const acks: PlanOpResult[] = [];
    channel.reply = (request) => {
      acks.push(accepted(request, 5, [{ kind: 'plan', set: { title: 'Five' } }]));
      return Promise.resolve(acks[0]!);
    };
    const sync = openSync(channel);
    await flush();
    const v4 = planEvent(4, [{ kind: 'plan', set: { date: '2026-12-24' } }]);
    let missed: () => void = () => undefined;
    channel.catchUpReply = () =>
      new Promise((resolve) => {
        const own = acks[0]?.ok ? [acks[0].event] : [];
        missed = () => resolve({ role: 'owner', version: 5, events: [v4, ...own] });
      });
    const result = sync.submit(title('Five'));
    await flush();
    // The acknowledgement left a gap (4 is missing); the catch-up that heals it starts next.
    await flush();

    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 1, plan: { title: 'Five', version: 3 } });
    missed();
    await expect(result).resolves.toEqual({ ok: true });
    expect(sync.getSnapshot()).toMatchObject({
      pendingCount: 0,
      plan: { title: 'Five', date: '2026-12-24', version: 5 },
    });
  });

  it('lets a catch-up snapshot settle what it already contains', async () => {
    const channel = fakeChannel();
    channel.reply = (request) =>
      Promise.resolve(accepted(request, 5, [{ kind: 'plan', set: { title: 'Five' } }]));
    const sync = openSync(channel);
    await flush();
    channel.catchUpReply = () =>
      Promise.resolve({
        role: 'owner',
        version: 6,
        snapshot: planDocument({ version: 6, title: 'Five', date: '2026-12-25' }),
      });
    const result = await sync.submit(title('Five'));

    expect(result).toEqual({ ok: true });
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, plan: { date: '2026-12-25', version: 6 } });
  });

  it('shares one answer between two sends of the same intent', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    const opId = '0190d7a8-7a4e-7c3e-9e6f-1234567890ab';
    void sync.submit(title('Once'), { opId });
    void sync.submit(title('Once'), { opId });
    await flush();
    expect(channel.sent).toHaveLength(1);
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
    const pending = sync.submit(title('Late'));
    sync.revoke();
    expect(sync.getSnapshot().phase).toBe('revoked');
    await expect(pending).resolves.toMatchObject({ ok: false, message: planMessages.accessRevoked });
  });

  it('ends editing when the plan is deleted', async () => {
    const sync = openSync(fakeChannel());
    await flush();
    sync.receive(planEvent(4, [{ kind: 'delete' }]));
    expect(sync.getSnapshot().phase).toBe('gone');
  });

  it('notices a missed event from the head the server announces', async () => {
    const channel = fakeChannel();
    const sync = openSync(channel);
    await flush();

    sync.head({ planId: '42', version: 3 });
    sync.head({ planId: '43', version: 9 });
    sync.head({ planId: '42', version: 'nine' });
    await flush();
    expect(channel.catchUps).toEqual([3]);

    channel.catchUpReply = () =>
      Promise.resolve({
        role: 'owner',
        version: 4,
        events: [planEvent(4, [{ kind: 'plan', set: { title: 'Missed' } }])],
      });
    sync.head({ planId: '42', version: 4 });
    await flush();
    expect(channel.catchUps).toEqual([3, 3]);
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Missed', version: 4 });
  });

  it('tells listeners about every change', async () => {
    const sync = openSync(fakeChannel());
    const listener = jest.fn();
    const unsubscribe = sync.subscribe(listener);
    void sync.submit(title('Heard'));
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    sync.published('99');
    expect(listener).not.toHaveBeenCalled();
    expect(sync.getSnapshot().publishedDateId).toBe('99');
    await flush();
  });
});
