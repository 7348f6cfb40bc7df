import type { PlanCatchUpAnswer } from './plan-channel';
import { PLAN_GAP_GRACE_MS } from './plan-sync';
import { fakeChannel, openSync, planEvent } from './testing/plan-sync-fixtures';

const titled = (version: number) =>
  planEvent(version, [{ kind: 'plan', set: { title: `Title ${version}` } }]);
const tick = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

/** A sync at version 3 that has joined, with the production grace period. */
async function joined() {
  const channel = fakeChannel();
  const sync = openSync(channel, undefined, { gapGraceMs: PLAN_GAP_GRACE_MS });
  await tick();
  expect(channel.catchUps).toEqual([3]);
  return { channel, sync };
}

describe('PlanSync with events out of order', () => {
  it('holds an event that came early and applies it when the one before it arrives, without a catch-up', async () => {
    const { channel, sync } = await joined();

    sync.receive(titled(5));
    expect(sync.getSnapshot().plan?.version).toBe(3);
    sync.receive(titled(4));
    expect(sync.getSnapshot().plan).toMatchObject({ version: 5, title: 'Title 5' });

    await jest.advanceTimersByTimeAsync(PLAN_GAP_GRACE_MS * 2);
    expect(channel.catchUps).toEqual([3]);
  });

  it('heals a gap that outlives the grace period with one catch-up', async () => {
    const { channel, sync } = await joined();
    channel.catchUpReply = () =>
      Promise.resolve({ role: 'owner', version: 5, events: [titled(4), titled(5)] });

    sync.receive(titled(5));
    await jest.advanceTimersByTimeAsync(PLAN_GAP_GRACE_MS - 1);
    expect(channel.catchUps).toEqual([3]);
    await jest.advanceTimersByTimeAsync(1);

    expect(channel.catchUps).toEqual([3, 3]);
    expect(sync.getSnapshot().plan).toMatchObject({ version: 5, title: 'Title 5' });
  });

  it('keeps the events the room delivers during a catch-up and applies them after it, without another', async () => {
    const { channel, sync } = await joined();
    let answer: (reply: PlanCatchUpAnswer) => void = () => undefined;
    channel.catchUpReply = () => new Promise((resolve) => (answer = resolve));
    void sync.catchUp();

    // The catch-up read the log up to 5; 6 and 7 were committed after and arrive live meanwhile.
    sync.receive(titled(7));
    sync.receive(titled(6));
    answer({ role: 'owner', version: 5, events: [titled(4), titled(5)] });
    await tick();

    expect(sync.getSnapshot().plan).toMatchObject({ version: 7, title: 'Title 7' });
    await jest.advanceTimersByTimeAsync(PLAN_GAP_GRACE_MS * 2);
    expect(channel.catchUps).toEqual([3, 3]);
  });

  it('catches up again when a gap is still open after a catch-up', async () => {
    const { channel, sync } = await joined();
    channel.catchUpReply = (since) => Promise.resolve({ role: 'owner', version: since, events: [] });

    sync.receive(titled(6));
    await jest.advanceTimersByTimeAsync(PLAN_GAP_GRACE_MS);
    expect(channel.catchUps).toEqual([3, 3]);

    channel.catchUpReply = () =>
      Promise.resolve({ role: 'owner', version: 6, events: [titled(4), titled(5), titled(6)] });
    await jest.advanceTimersByTimeAsync(PLAN_GAP_GRACE_MS);
    expect(channel.catchUps).toEqual([3, 3, 3]);
    expect(sync.getSnapshot().plan?.version).toBe(6);
  });
});
