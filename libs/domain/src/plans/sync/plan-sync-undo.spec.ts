import {
  planMessages,
  planOperationSchema,
  type PlanChange,
  type PlanOpRequestInput,
  type PlanOpResult,
} from '@datebook/contracts';
import { applyPlanOperation } from '../apply-plan-operation';
import { planStateFromDocument } from '../plan-document';
import {
  accepted,
  fakeChannel,
  flush,
  FRIEND_ID,
  openSync,
  OWNER_ID,
  planActivity,
  planDocument,
  planEvent,
  REF_A,
  REF_B,
} from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;

/**
 * A server for one plan: applies each operation to its own copy with the domain's rules and
 * answers with the event, so the sync under test sees what a real one would.
 */
function servingChannel(document = planDocument()) {
  const channel = fakeChannel();
  let state = planStateFromDocument(document);
  channel.reply = (request: PlanOpRequestInput): Promise<PlanOpResult> => {
    const op = planOperationSchema.parse(request.op);
    const outcome = applyPlanOperation(state, op, { userId: OWNER_ID, role: 'owner' }, { now: new Date() });
    if (!outcome.ok) {
      return Promise.resolve({ ok: false, code: outcome.code, message: outcome.message });
    }
    state = outcome.state;
    return Promise.resolve(accepted(request, state.version, outcome.changes));
  };
  /** Someone else's change, applied on the server; returns its event for the test to deliver. */
  const theirs = (changes: PlanChange[]) => {
    state = { ...state, version: state.version + 1 };
    const event = planEvent(state.version, changes);
    state = { ...state, ...(changes[0]?.kind === 'plan' ? changes[0].set : {}) };
    return event;
  };
  return { channel, theirs };
}

describe('PlanSync undo', () => {
  it('undoes the member’s last edit as a new operation, and not the undo itself', async () => {
    const { channel } = servingChannel();
    const sync = openSync(channel);
    expect(sync.getSnapshot().canUndo).toBe(false);
    await sync.submit(title('Picnic day'));
    await sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-24' });
    expect(sync.getSnapshot().canUndo).toBe(true);

    await expect(sync.undo()).resolves.toEqual({ status: 'undone' });
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Picnic day', date: '2026-12-05', version: 6 });
    await expect(sync.undo()).resolves.toEqual({ status: 'undone' });
    expect(sync.getSnapshot().plan).toMatchObject({ title: 'Our day', date: '2026-12-05', version: 7 });
    await expect(sync.undo()).resolves.toEqual({ status: 'nothing' });

    expect(sync.getSnapshot().canUndo).toBe(false);
    expect(channel.sent.map((request) => request.op)).toEqual([
      title('Picnic day'),
      { type: 'plan.update', field: 'date', value: '2026-12-24' },
      { type: 'plan.update', field: 'date', value: '2026-12-05' },
      title('Our day'),
    ]);
  });

  it('skips an undo when someone changed that value since, and forgets it', async () => {
    const { channel, theirs } = servingChannel();
    const sync = openSync(channel);
    await sync.submit(title('Mine'));
    sync.receive(theirs([{ kind: 'plan', set: { title: 'Theirs' } }]));

    await expect(sync.undo()).resolves.toEqual({ status: 'skipped' });
    expect(sync.getSnapshot()).toMatchObject({ canUndo: false, plan: { title: 'Theirs' } });
    expect(channel.sent).toHaveLength(1);
  });

  it('skips an undo when the member’s own later edit holds the value', async () => {
    const { channel } = servingChannel();
    const sync = openSync(channel);
    const first = await sync.submit(title('One'));
    await sync.submit(title('Two'));
    expect(first.ok).toBe(true);
    const oneOpId = channel.sent[0]?.opId ?? '';

    await expect(sync.undoOp(oneOpId)).resolves.toEqual({ status: 'skipped' });
    await expect(sync.undo()).resolves.toEqual({ status: 'undone' });
    expect(sync.getSnapshot().plan?.title).toBe('One');
  });

  it('names the edit that replaced someone’s change, and undoing it brings their value back', async () => {
    const channel = fakeChannel();
    let answer: (result: PlanOpResult) => void = () => undefined;
    channel.reply = () => new Promise((resolve) => (answer = resolve));
    const sync = openSync(channel);
    const result = sync.submit(title('Mine'));
    await flush();
    // Sam's title reached the server first; the screen kept showing the member's pending one.
    sync.receive(planEvent(4, [{ kind: 'plan', set: { title: "Sam's" } }]));
    expect(sync.getSnapshot().plan?.title).toBe('Mine');
    const mine = channel.sent[0]!;
    answer(
      accepted(mine, 5, [{ kind: 'plan', set: { title: 'Mine' } }], {
        overwrote: { actorId: FRIEND_ID, name: 'Sam' },
      }),
    );

    await expect(result).resolves.toEqual({ ok: true, overwrote: { name: 'Sam', opId: mine.opId } });
    channel.reply = (request) =>
      Promise.resolve(accepted(request, 6, [{ kind: 'plan', set: { title: "Sam's" } }]));
    await expect(sync.undoOp(mine.opId)).resolves.toEqual({ status: 'undone' });

    expect(channel.sent[1]?.op).toEqual(title("Sam's"));
    expect(sync.getSnapshot().plan?.title).toBe("Sam's");
    await expect(sync.undoOp(mine.opId)).resolves.toEqual({ status: 'nothing' });
  });

  it('undoes an added activity by removing it', async () => {
    const { channel } = servingChannel();
    const sync = openSync(channel);
    await sync.submit({
      type: 'activity.add',
      ref: REF_B,
      source: { kind: 'custom', customLocation: 'Beach', customDetails: null },
    });
    expect(sync.getSnapshot().plan?.activities.filter((entry) => !entry.deleted)).toHaveLength(1);

    await expect(sync.undo()).resolves.toEqual({ status: 'undone' });
    expect(channel.sent[1]?.op).toEqual({ type: 'activity.remove', ref: REF_B });
    expect(sync.getSnapshot().plan?.activities.filter((entry) => !entry.deleted)).toHaveLength(0);
  });

  it('skips undoing an added activity someone already removed', async () => {
    const { channel, theirs } = servingChannel();
    const sync = openSync(channel);
    await sync.submit({
      type: 'activity.add',
      ref: REF_B,
      source: { kind: 'custom', customLocation: 'Beach', customDetails: null },
    });
    sync.receive(theirs([{ kind: 'removeEntry', ref: REF_B }]));

    await expect(sync.undo()).resolves.toEqual({ status: 'skipped' });
  });

  it('undoes scheduling an activity by clearing its times again', async () => {
    const document = planDocument({ activities: [planActivity()] });
    const { channel } = servingChannel(document);
    const sync = openSync(channel, document);
    await sync.submit({ type: 'activity.schedule', ref: REF_A });
    expect(sync.getSnapshot().plan?.activities[0]?.status).toBe('scheduled');

    await expect(sync.undo()).resolves.toEqual({ status: 'undone' });
    expect(channel.sent[1]?.op).toEqual({
      type: 'activity.setTimes',
      ref: REF_A,
      beginsAt: null,
      endsAt: null,
    });
    expect(sync.getSnapshot().plan?.activities[0]?.status).toBe('unscheduled');
  });

  it('undoes a burst of typing back to the value before it', async () => {
    const { channel } = servingChannel();
    let release: () => void = () => undefined;
    const reply = channel.reply;
    channel.reply = (request) => new Promise((resolve) => (release = () => resolve(reply(request))));
    const sync = openSync(channel);
    const date = sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-24' });
    await flush();
    const typed = [sync.submit(title('B')), sync.submit(title('Be')), sync.submit(title('Beach'))];
    channel.reply = reply;
    release();
    await Promise.all([date, ...typed]);

    await expect(sync.undo()).resolves.toEqual({ status: 'undone' });
    expect(sync.getSnapshot().plan?.title).toBe('Our day');
  });

  it('reports an undo the rules refuse now', async () => {
    const prepared = planDocument({ status: 'prepared' });
    const { channel, theirs } = servingChannel(prepared);
    const sync = openSync(channel, prepared);
    await sync.submit(title('Final'));
    sync.receive(theirs([{ kind: 'plan', set: { locked: true } }]));

    await expect(sync.undo()).resolves.toEqual({
      status: 'refused',
      message: planMessages.locked,
      alert: expect.stringContaining(planMessages.locked),
    });
    expect(sync.getSnapshot().plan?.title).toBe('Final');
  });

  it('forgets every undo when editing ends', async () => {
    const { channel } = servingChannel();
    const sync = openSync(channel);
    await sync.submit(title('Gone soon'));
    sync.revoke();

    expect(sync.getSnapshot().canUndo).toBe(false);
    await expect(sync.undo()).resolves.toEqual({ status: 'nothing' });
  });
});
