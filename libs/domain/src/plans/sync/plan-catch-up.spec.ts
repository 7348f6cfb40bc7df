import { planMessages } from '@datebook/contracts';
import { planStateFromDocument } from '../plan-document';
import { ConfirmedPlan } from './confirmed-plan';
import { PlanCatchUp } from './plan-catch-up';
import { PlanTransientError, type PlanCatchUpAnswer } from './plan-channel';
import { PlanSyncSession } from './plan-sync-session';
import { fakeChannel, flush, OWNER_ID, PLAN_ID, planDocument, planEvent } from './testing/plan-sync-fixtures';

/** Catch-ups over a socket for a member at version 3, with hooks that record what they are told. */
function catchUpAt3() {
  const session = new PlanSyncSession(
    { planId: PLAN_ID, userId: OWNER_ID, clientId: 'tab' },
    () => undefined,
  );
  session.phase = 'ready';
  const channel = fakeChannel();
  session.channel = channel;
  const confirmed = new ConfirmedPlan({
    live: () => true,
    applied: () => undefined,
    taken: () => undefined,
    gapOutlived: () => undefined,
  });
  confirmed.adopt(planStateFromDocument(planDocument({ version: 3 })));
  const told = { ended: [] as string[], snapshots: 0, failed: 0, pumps: 0 };
  const joins = new PlanCatchUp(session, confirmed, {
    snapshot: () => {
      told.snapshots += 1;
    },
    end: (phase, message) => told.ended.push(`${phase}: ${message}`),
    changed: () => undefined,
    failed: () => {
      told.failed += 1;
    },
    pump: () => {
      told.pumps += 1;
    },
  });
  return { session, channel, confirmed, joins, told };
}

describe('PlanCatchUp', () => {
  it('joins a new socket before anything is sent, and applies the events it missed in order', async () => {
    const { channel, confirmed, joins, told } = catchUpAt3();
    channel.catchUpReply = (since) =>
      Promise.resolve({
        role: 'owner',
        version: since + 2,
        events: [5, 4].map((version) =>
          planEvent(version, [{ kind: 'plan', set: { title: `T${version}` } }]),
        ),
      });

    joins.useChannel(channel);
    expect(joins.joinPending).toBe(true);
    await flush();

    expect(channel.catchUps).toEqual([3]);
    expect(joins.joinPending).toBe(false);
    expect(confirmed.state).toMatchObject({ version: 5, title: 'T5' });
    expect(told.pumps).toBe(2);
  });

  it('runs a catch-up asked for while one is on its way once, right after it', async () => {
    const { channel, joins } = catchUpAt3();
    let answer: (reply: PlanCatchUpAnswer) => void = () => undefined;
    channel.catchUpReply = () => new Promise((resolve) => (answer = resolve));

    const first = joins.run();
    void joins.run();
    void joins.run();
    expect(channel.catchUps).toEqual([3]);
    channel.catchUpReply = (since) => Promise.resolve({ role: 'owner', version: since, events: [] });
    answer({ role: 'owner', version: 3, events: [] });
    await first;

    expect(channel.catchUps).toEqual([3, 3]);
  });

  it('ends a collaborator who was removed while away as revoked, whatever the denial says', async () => {
    const { session, channel, joins, told } = catchUpAt3();
    session.role = 'collaborator';
    channel.catchUpReply = () => Promise.resolve({ denied: 'NOT_FOUND', message: 'gone' });

    await joins.run();

    expect(told.ended).toEqual([`revoked: ${planMessages.accessRevoked}`]);
  });

  it('marks the way reconnecting and reports a catch-up that got no answer', async () => {
    const { session, channel, joins, told } = catchUpAt3();
    channel.catchUpReply = () => Promise.reject(new PlanTransientError());

    await joins.run();

    expect(session.link.connection).toBe('reconnecting');
    expect(told.failed).toBe(1);
  });
});
