import type { PlanEvent } from '@datebook/contracts';
import { PlanSync } from './plan-sync';
import { accepted, fakeChannel, flush, planDocument, PLAN_ID, OWNER_ID } from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;

/** One member's tab: its own client id, and every event it applies counted (the lists refresh per event). */
function tab(clientId: string) {
  const channel = fakeChannel();
  const applied: PlanEvent[] = [];
  const sync = new PlanSync({
    planId: PLAN_ID,
    userId: OWNER_ID,
    clientId,
    gapGraceMs: 0,
    onEvent: (event) => applied.push(event),
  });
  sync.setChannel(channel);
  sync.load(planDocument());
  return { sync, channel, applied };
}

describe('PlanSync with one delivery per edit per socket (design: Protocol)', () => {
  it('settles an edit by its ack alone, applies its event once, and the member’s other tab converges from the room', async () => {
    const sender = tab('tab-1');
    const otherTab = tab('tab-2');
    let event: PlanEvent | undefined;
    sender.channel.reply = (request) => {
      const answer = accepted(request, 4, [{ kind: 'plan', set: { title: 'Picnic day' } }]);
      event = answer.ok ? answer.event : undefined;
      return Promise.resolve(answer);
    };

    const result = await sender.sync.submit(title('Picnic day'));
    expect(result).toEqual({ ok: true });
    expect(sender.sync.getSnapshot()).toMatchObject({
      pendingCount: 0,
      plan: { title: 'Picnic day', version: 4 },
    });
    // The room skipped the sender's socket; the ack's event was applied once, so the lists refresh once.
    expect(sender.applied.map((applied) => applied.version)).toEqual([4]);

    // The same member's other tab is another socket: the room tells it.
    otherTab.sync.receive(event);
    await flush();
    expect(otherTab.sync.getSnapshot().plan).toMatchObject({ title: 'Picnic day', version: 4 });
    expect(otherTab.applied.map((applied) => applied.version)).toEqual([4]);
    expect(otherTab.channel.sent).toEqual([]);
  });

  it('applies a late echo of its own edit (from an older server) no second time', async () => {
    const sender = tab('tab-1');
    let event: PlanEvent | undefined;
    sender.channel.reply = (request) => {
      const answer = accepted(request, 4, [{ kind: 'plan', set: { title: 'Echoed' } }]);
      event = answer.ok ? answer.event : undefined;
      return Promise.resolve(answer);
    };
    await sender.sync.submit(title('Echoed'));
    sender.sync.receive(event);
    await flush();
    expect(sender.applied.map((applied) => applied.version)).toEqual([4]);
    expect(sender.sync.getSnapshot().plan).toMatchObject({ title: 'Echoed', version: 4 });
  });
});
