import { randomUUID } from 'node:crypto';
import { planMessages, type PlanCatchUp } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { applyOp, getPlan, newPlan, sendOp, type PlanMember } from '../testing/test-plans';
import { signedIn } from '../testing/test-users';

/* Issue 22, design: Time — a plan's date and times are wall-clock values in the plan's own zone. */
describe('plan time zones', () => {
  const api = useTestApi();
  const member = (): Promise<PlanMember> => signedIn(api);
  const errorOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { code: string; message: string } }).error;

  it('keeps the zone the owner created the plan in, and refuses one the runtime does not know', async () => {
    const owner = await member();
    const plan = await newPlan(owner, { date: '2030-12-05', timeZone: 'America/Los_Angeles' });
    expect(plan.timeZone).toBe('America/Los_Angeles');
    expect((await getPlan(owner, plan.id)).timeZone).toBe('America/Los_Angeles');

    const unknown = await owner.request({
      method: 'POST',
      url: '/api/plans',
      payload: { opId: randomUUID(), clientId: 'tab', title: 'Trip', timeZone: 'Mars/Olympus' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(planMessages.invalidTimeZone);
    const missing = await owner.request({
      method: 'POST',
      url: '/api/plans',
      payload: { opId: randomUUID(), clientId: 'tab', title: 'Trip' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it("schedules on the plan's date, 9:00–10:00 in the plan's zone, whatever today is", async () => {
    const owner = await member();
    const plan = await newPlan(owner, { date: '2030-12-05', timeZone: 'America/Los_Angeles' });
    const ref = randomUUID();
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Brunch' },
    });
    // An older client still sends its own zone: it is dropped, the plan's zone decides.
    const olderClientOp = { type: 'activity.schedule' as const, ref, timeZone: 'Asia/Tokyo' };
    const scheduled = await applyOp(owner, plan.id, olderClientOp);
    // 9:00 AM PST on Dec 5 is 17:00 UTC.
    expect(scheduled.event.changes).toEqual([
      {
        kind: 'updateEntry',
        ref,
        set: {
          beginsAt: '2030-12-05T17:00:00.000Z',
          endsAt: '2030-12-05T18:00:00.000Z',
          status: 'scheduled',
        },
      },
    ]);
    expect(scheduled.event.op).toEqual({ type: 'activity.schedule', ref });
    expect((await getPlan(owner, plan.id)).activities[0]).toMatchObject({
      beginsAt: '2030-12-05T17:00:00.000Z',
      endsAt: '2030-12-05T18:00:00.000Z',
      status: 'scheduled',
    });
  });

  it('lets a collaborator change the zone as an op that keeps clock times, in the log', async () => {
    const owner = await member();
    const friend = await member();
    await api.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { date: '2030-12-05', timeZone: 'UTC' });
    const ref = randomUUID();
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Dinner' },
    });
    await applyOp(owner, plan.id, {
      type: 'activity.setTimes',
      ref,
      beginsAt: '2030-12-05T19:00:00Z',
      endsAt: '2030-12-05T20:00:00Z',
    });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });

    const changed = await applyOp(friend, plan.id, {
      type: 'plan.update',
      field: 'timeZone',
      value: 'Asia/Tokyo',
    });
    // 7:00 PM stays 7:00 PM, now in Tokyo (UTC+9).
    const after = await getPlan(owner, plan.id);
    expect(after.timeZone).toBe('Asia/Tokyo');
    expect(after.activities[0]).toMatchObject({
      beginsAt: '2030-12-05T10:00:00.000Z',
      endsAt: '2030-12-05T11:00:00.000Z',
    });
    const events = await owner.request({
      method: 'GET',
      url: `/api/plans/${plan.id}/events?since=${changed.version - 1}`,
    });
    const catchUp = events.json<PlanCatchUp>();
    expect('events' in catchUp && catchUp.events.map((event) => event.op)).toEqual([
      { type: 'plan.update', field: 'timeZone', value: 'Asia/Tokyo' },
    ]);

    // The owner locks the title and date; the zone goes with them.
    await applyOp(owner, plan.id, { type: 'plan.lock', locked: true });
    const locked = await sendOp(friend, plan.id, { type: 'plan.update', field: 'timeZone', value: 'UTC' });
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).message).toBe(planMessages.locked);
  });
});
