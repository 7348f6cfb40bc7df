import { openTestDatabase, planEventLog, type TestDatabase } from '@datebook/db/testing';
import { randomUUID } from 'node:crypto';
import { PlanEventsStoredBare1764840000000 } from './migrations/1764840000000-PlanEventsStoredBare';

let test: TestDatabase;

beforeAll(async () => {
  test = await openTestDatabase('db_plan_events_bare');
});

afterAll(() => test?.close());

const entry = (ref: string, linked: unknown) => ({
  ref,
  activityId: linked === null ? null : '7',
  isCustom: linked === null,
  customLocation: null,
  customDetails: linked === null ? 'Walk' : null,
  beginsAt: null,
  endsAt: null,
  status: 'unscheduled',
  deleted: false,
  linked,
});

describe('migration PlanEventsStoredBare', () => {
  it('strips what older events kept of the actor’s view, and nothing else', async () => {
    const owner = (await test.data.newMember()).id;
    const planId = await test.data.newPlan(owner, { title: 'Lake' });
    const [linkedRef, customRef, friend] = [randomUUID(), randomUUID(), randomUUID()];
    const rendering = {
      title: 'Secret spot',
      location: 'Hidden cove',
      imageUrl: 'http://s3/media/x.jpg?X-Amz-Signature=abc',
      budget: '$$$',
    };
    const results = [
      {
        ok: true,
        version: 1,
        event: {
          version: 1,
          changes: [{ kind: 'addEntry', entry: entry(linkedRef, rendering) }],
        },
      },
      {
        ok: true,
        version: 2,
        event: {
          version: 2,
          changes: [
            { kind: 'addCollaborators', userIds: [friend] },
            { kind: 'status', to: 'prepared' },
          ],
          people: [
            { id: friend, name: 'Alex', username: 'alex', avatarUrl: 'http://s3/a.jpg?X-Amz-Signature=d' },
          ],
        },
        overwrote: { actorId: friend, name: 'Alex' },
      },
      {
        ok: true,
        version: 3,
        event: { version: 3, changes: [{ kind: 'addEntry', entry: entry(customRef, null) }] },
      },
      {},
    ];
    for (const [index, result] of results.entries()) {
      expect(await test.data.planOp(planId, owner, { op: { type: 'x' }, result })).toBe(index + 1);
    }

    await new PlanEventsStoredBare1764840000000().up(test.db.createQueryRunner());

    const stored = (await planEventLog(test.db, planId)).map((row) => row.result);
    expect(stored).toEqual([
      {
        ok: true,
        version: 1,
        event: {
          version: 1,
          changes: [
            {
              kind: 'addEntry',
              entry: entry(linkedRef, { title: null, location: null, imageUrl: null, budget: null }),
            },
          ],
        },
      },
      {
        ok: true,
        version: 2,
        event: {
          version: 2,
          changes: [
            { kind: 'addCollaborators', userIds: [friend] },
            { kind: 'status', to: 'prepared' },
          ],
        },
        overwrote: { actorId: friend, name: 'Alex' },
      },
      results[2],
      {},
    ]);
  });
});
