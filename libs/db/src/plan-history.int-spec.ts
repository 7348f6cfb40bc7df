import { openTestDatabase, type TestData } from '@datebook/db/testing';
import { randomUUID } from 'node:crypto';
import type { Budget } from '@datebook/contracts';
import {
  PlanEventsRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
  PlansRepository,
} from './repositories';

let data: TestData;
let close: () => Promise<void>;
let plans: PlansRepository;
let members: PlanMembersRepository;
let people: PlanPeopleRepository;
let events: PlanEventsRepository;

beforeAll(async () => {
  const test = await openTestDatabase('db_plan_history');
  ({ data, close } = test);
  plans = new PlansRepository(test.db);
  members = new PlanMembersRepository(test.db);
  people = new PlanPeopleRepository(test.db);
  events = new PlanEventsRepository(test.db);
});

afterAll(() => close?.());

async function newProfile(displayName: string | null, isPrivate = false): Promise<string> {
  return (await data.newMember({ displayName, isPrivate })).id;
}

const newActivity = (userId: string, title: string, budget: Budget | null) =>
  data.newActivity(userId, { title, budget });

describe('a plan history and what its lines name', () => {
  it('pages the log newest first by version, and says when older events remain', async () => {
    const owner = await newProfile('Sam');
    const planId = await data.newPlan(owner, { title: 'Picnic' });
    for (let version = 1; version <= 5; version += 1) {
      await data.planOp(planId, owner, { op: { n: version } });
    }
    const versions = (page: Awaited<ReturnType<typeof events.history>>) =>
      page.events.map((row) => Number(row.version));
    const first = await events.history(planId, undefined, 2);
    expect([versions(first), first.has_more]).toEqual([[5, 4], true]);
    const second = await events.history(planId, '4', 2);
    expect([versions(second), second.has_more]).toEqual([[3, 2], true]);
    const last = await events.history(planId, '2', 2);
    expect([versions(last), last.has_more]).toEqual([[1], false]);
    expect(last.events[0]).toMatchObject({ plan_id: planId, actor_id: owner, op: { n: 1 } });
    expect((await events.history(planId, '1', 2)).events).toEqual([]);
  });

  it('finds rows by ref, removed ones too, with the budget of the activity the reader may see', async () => {
    const owner = await newProfile('Sam');
    const privateAuthor = await newProfile('Kim', true);
    const kayak = await newActivity(owner, 'Kayaking', '$$');
    const secret = await newActivity(privateAuthor, 'Secret spot', 'Free');
    const planId = await data.newPlan(owner, { title: 'Lake day' });
    const [kayakRef, secretRef, customRef, otherRef] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const linked = { is_custom: false, custom_location: null, custom_details: null };
    for (const entry of [
      { client_ref: kayakRef, activity_id: kayak, ...linked },
      { client_ref: secretRef, activity_id: secret, ...linked },
      {
        client_ref: customRef,
        activity_id: null,
        is_custom: true,
        custom_location: null,
        custom_details: 'Lunch',
      },
    ]) {
      await data.planOp(planId, owner, { rows: [{ kind: 'insertEntry', entry }] });
    }
    await data.planOp(planId, owner, { rows: [{ kind: 'tombstoneEntry', ref: kayakRef }] });

    const rows = await members.entriesByRef(planId, owner, [kayakRef, secretRef, customRef, otherRef]);
    const byRef = new Map(rows.map((row) => [row.client_ref, row]));
    expect(rows).toHaveLength(3);
    expect(byRef.get(kayakRef)).toMatchObject({
      activity_title: 'Kayaking',
      activity_budget: '$$',
      deleted_at: expect.any(String),
    });
    expect(byRef.get(secretRef)).toMatchObject({ activity_title: null, activity_budget: null });
    expect(byRef.get(customRef)).toMatchObject({ custom_details: 'Lunch', activity_budget: null });
    expect(await members.entriesByRef(planId, owner, [])).toEqual([]);

    // The plan page's rows carry the budget too.
    const document = await members.document(planId, owner);
    expect(document!.entries.map((entry) => [entry.client_ref, entry.activity_budget])).toEqual([
      [secretRef, null],
      [customRef, null],
    ]);
  });

  it('names people off the plan too, and reads the versions of many plans at once', async () => {
    const sam = await newProfile('Sam');
    const nameless = await newProfile(null);
    expect(
      (await people.people([sam, nameless, sam])).sort((a, b) => (a.id === sam ? -1 : b.id === sam ? 1 : 0)),
    ).toEqual([
      expect.objectContaining({ id: sam, display_name: 'Sam' }),
      expect.objectContaining({ id: nameless, display_name: null }),
    ]);
    expect(await people.people([])).toEqual([]);

    const one = await data.newPlan(sam, { title: 'One' });
    const two = await data.newPlan(sam, { title: 'Two' });
    await data.planOp(two, sam);
    await data.planOp(two, sam);
    const heads = await plans.versions([one, two, '999999999']);
    expect(new Map(heads.map((row) => [row.id, row.version]))).toEqual(
      new Map([
        [one, '0'],
        [two, '2'],
      ]),
    );
    expect(await plans.versions([])).toEqual([]);
  });
});
