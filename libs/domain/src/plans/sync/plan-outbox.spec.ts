import { planMessages, type PlanOpRequestInput, type PlanOpResult } from '@datebook/contracts';
import { planStateFromDocument } from '../plan-document';
import type { PendingPlanOp } from './pending-queue';
import { ConfirmedPlan } from './confirmed-plan';
import { PlanOutbox } from './plan-outbox';
import { PlanSyncSession } from './plan-sync-session';
import {
  accepted,
  fakeChannel,
  flush,
  FRIEND_ID,
  OWNER_ID,
  PLAN_ID,
  planDocument,
  planEvent,
} from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;

/**
 * An outbox over a ready plan at version 3 on a joined socket, recording what its hooks hear;
 * `typing` maps a register the member types in to the version they last saw it at.
 */
function outboxAt3(typing: Record<string, number> = {}) {
  const session = new PlanSyncSession(
    { planId: PLAN_ID, userId: OWNER_ID, clientId: 'tab' },
    () => undefined,
  );
  session.phase = 'ready';
  session.role = 'owner';
  const channel = fakeChannel();
  session.channel = channel;
  const settled: string[] = [];
  const confirmed = new ConfirmedPlan({
    live: () => true,
    applied: () => undefined,
    taken: (event) => outbox.settleConfirmed(confirmed.state?.version ?? 0, event.opId),
    gapOutlived: () => undefined,
  });
  confirmed.adopt(planStateFromDocument(planDocument({ version: 3 })));
  const outbox: PlanOutbox = new PlanOutbox(session, confirmed, undefined, {
    joinPending: () => false,
    adoptCanonical: () => undefined,
    end: () => undefined,
    failed: () => undefined,
    accepted: (entry: PendingPlanOp) => settled.push(entry.opId),
    typingSince: (registers) => {
      const seen = registers.flatMap((register) => typing[register] ?? []);
      return seen.length === 0 ? undefined : Math.min(...seen);
    },
    changed: () => undefined,
  });
  return { session, channel, confirmed, outbox, settled };
}

describe('PlanOutbox', () => {
  it('shows an edit at once and sends one at a time, in the order they were made', async () => {
    const { channel, confirmed, outbox, settled } = outboxAt3();
    const answers: Array<(result: PlanOpResult) => void> = [];
    channel.reply = () => new Promise((resolve) => answers.push(resolve));

    const first = outbox.enqueue(title('One'), { opId: 'op-1' }, true);
    void outbox.enqueue({ type: 'plan.update', field: 'date', value: '2026-12-06' }, { opId: 'op-2' }, true);
    expect(outbox.view()).toMatchObject({ version: 3, title: 'One', date: '2026-12-06' });
    expect(channel.sent.map((request: PlanOpRequestInput) => request.opId)).toEqual(['op-1']);

    answers[0]?.(accepted(channel.sent[0]!, 4, [{ kind: 'plan', set: { title: 'One' } }]));
    await expect(first).resolves.toEqual({ ok: true });
    await flush();

    expect(confirmed.state?.version).toBe(4);
    expect(settled).toEqual(['op-1']);
    expect(channel.sent.map((request: PlanOpRequestInput) => request.opId)).toEqual(['op-1', 'op-2']);
  });

  it('sends the version the member last saw a register at, while their own pending edit hides what arrives', () => {
    const { channel, confirmed, outbox } = outboxAt3();
    void outbox.enqueue(title('One'), { opId: 'op-1' }, true);
    // Sam's title arrives while 'One' is on its way: the member still sees 'One'.
    confirmed.apply(planEvent(4, [{ kind: 'plan', set: { title: "Sam's" } }]));
    expect(outbox.view()?.title).toBe('One');

    void outbox.enqueue(title('Two'), { opId: 'op-2' }, true);
    void outbox.enqueue({ type: 'plan.update', field: 'date', value: '2026-12-06' }, { opId: 'op-3' }, true);

    expect(channel.sent.map((request) => request.baseVersion)).toEqual([3]);
    expect(outbox.queue.find('op-2')?.baseVersion).toBe(3);
    expect(outbox.queue.find('op-3')?.baseVersion).toBe(4);
    expect(outbox.lastSeen(['plan.date'])).toBe(4);
  });

  it('sends the version a field the member types in was seen at, and marks an undo with what it undoes', () => {
    const { channel, outbox } = outboxAt3({ 'plan.title': 2 });

    void outbox.enqueue(title('Typed'), { opId: 'op-1', undoes: 'op-0' }, false);

    expect(channel.sent[0]).toMatchObject({ opId: 'op-1', baseVersion: 2, undoes: 'op-0' });
  });

  it('tells whose change an edit replaced when its own event arrives before its answer', async () => {
    const { channel, confirmed, outbox, settled } = outboxAt3();
    let answer: (result: PlanOpResult) => void = () => undefined;
    channel.reply = () => new Promise((resolve) => (answer = resolve));
    const result = outbox.enqueue(title('Mine'), { opId: 'op-1' }, true);
    await flush();
    const mine = channel.sent[0]!;
    const applied = accepted(mine, 4, [{ kind: 'plan', set: { title: 'Mine' } }], {
      overwrote: { actorId: FRIEND_ID, name: 'Sam' },
    });

    // The room pushes the member's own event first; it is confirmed, and the answer is still due.
    confirmed.apply(
      planEvent(4, [{ kind: 'plan', set: { title: 'Mine' } }], { opId: 'op-1', actorId: OWNER_ID }),
    );
    expect(outbox.queue.length).toBe(0);
    expect(settled).toEqual(['op-1']);
    answer(applied);

    await expect(result).resolves.toEqual({ ok: true, overwrote: { name: 'Sam', opId: 'op-1' } });
  });

  it('refuses an edit while the plan is not open for editing, with the alert the screen shows', async () => {
    const { session, channel, outbox } = outboxAt3();
    session.phase = 'revoked';

    const result = await outbox.enqueue(title('Late'), {}, true);

    expect(result).toMatchObject({ ok: false, message: planMessages.accessRevoked });
    expect(channel.sent).toEqual([]);
  });

  it('fails everything pending with the message when editing ends', async () => {
    const { outbox } = outboxAt3();
    const pending = outbox.enqueue(title('Never'), {}, true);

    outbox.close(planMessages.notFound);

    await expect(pending).resolves.toMatchObject({ ok: false, message: planMessages.notFound });
    expect(outbox.queue.length).toBe(0);
  });
});
