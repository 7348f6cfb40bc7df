import type { PlanOpResult } from '@datebook/contracts';
import {
  accepted,
  fakeChannel,
  flush,
  FRIEND_ID,
  openSync,
  OWNER_ID,
  planDocument,
  planEvent,
} from './testing/plan-sync-fixtures';

const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;
const titleSet = (value: string) => [{ kind: 'plan' as const, set: { title: value } }];

/** A plan at version 3 ('Our day') that Ada owns and Sam (FRIEND_ID) co-edits, open on Ada's screen. */
function openWithSam() {
  const channel = fakeChannel();
  const sync = openSync(
    channel,
    planDocument({ collaborators: [{ id: FRIEND_ID, name: 'Sam', username: 'sam', avatarUrl: null }] }),
  );
  return { channel, sync };
}

describe('PlanSync while the member types in a field', () => {
  it('names who changed the field meanwhile, and sends the version the member saw before typing', async () => {
    const { channel, sync } = openWithSam();
    sync.startTyping('plan.title');
    // Sam renames while Ada types: her field keeps what she typed, the plan has Sam's title.
    sync.receive(planEvent(4, titleSet('Beach day')));
    expect(sync.getSnapshot().plan?.title).toBe('Beach day');
    expect(sync.getSnapshot().changedWhileTyping.get('plan.title')).toMatchObject({
      name: 'Sam',
      plan: { title: 'Beach day', version: 4 },
    });

    let answer: (result: PlanOpResult) => void = () => undefined;
    channel.reply = () => new Promise((resolve) => (answer = resolve));
    const result = sync.submit(title('Lake day'));
    sync.stopTyping('plan.title');
    await flush();

    expect(channel.sent[0]).toMatchObject({ baseVersion: 3, op: title('Lake day') });
    expect(sync.getSnapshot().changedWhileTyping.size).toBe(0);
    const mine = channel.sent[0]!;
    answer(accepted(mine, 5, titleSet('Lake day'), { overwrote: { actorId: FRIEND_ID, name: 'Sam' } }));
    await expect(result).resolves.toEqual({ ok: true, overwrote: { name: 'Sam', opId: mine.opId } });

    // The notice's Undo brings Sam's title back, sent as an undo of Ada's rename.
    channel.reply = (request) => Promise.resolve(accepted(request, 6, titleSet('Beach day')));
    await expect(sync.undoOp(mine.opId)).resolves.toEqual({ status: 'undone' });
    expect(channel.sent[1]).toMatchObject({ op: title('Beach day'), undoes: mine.opId });
    expect(sync.getSnapshot().plan?.title).toBe('Beach day');
  });

  it('sends the latest version for a field the member saw change before typing in it', async () => {
    const { channel, sync } = openWithSam();
    sync.receive(planEvent(4, titleSet('Beach day')));
    sync.startTyping('plan.title');

    void sync.submit(title('Lake day'));
    await flush();

    expect(channel.sent[0]?.baseVersion).toBe(4);
    expect(sync.getSnapshot().changedWhileTyping.size).toBe(0);
  });

  it('keeps the typing version only for that field, and says nothing of the member’s own changes', async () => {
    const { channel, sync } = openWithSam();
    sync.startTyping('plan.title');
    sync.receive(planEvent(4, titleSet('From my other tab'), { actorId: OWNER_ID }));
    sync.receive(planEvent(5, [{ kind: 'plan', set: { date: '2026-12-24' } }]));
    expect(sync.getSnapshot().changedWhileTyping.size).toBe(0);
    sync.receive(planEvent(6, titleSet('Sam’s title')));
    sync.receive(planEvent(7, titleSet('Mine again'), { actorId: OWNER_ID }));
    expect(sync.getSnapshot().changedWhileTyping.size).toBe(0);

    void sync.submit({ type: 'plan.update', field: 'date', value: '2026-12-25' });
    await flush();

    expect(channel.sent[0]?.baseVersion).toBe(7);
  });
});
