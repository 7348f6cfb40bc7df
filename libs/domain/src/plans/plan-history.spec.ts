import type { PlanEvent, PlanOperation, PlanPerson } from '@datebook/contracts';
import { describePlanHistory, type PlanHistoryContext } from './plan-history';

const SAM = 'a0000000-0000-4000-8000-000000000001';
const ALEX = 'a0000000-0000-4000-8000-000000000002';
const BO = 'a0000000-0000-4000-8000-000000000003';
const VIEWER = 'a0000000-0000-4000-8000-000000000009';
const GONE = 'a0000000-0000-4000-8000-000000000004';
const PICNIC = 'r1';

const person = (id: string, name: string): PlanPerson => ({ id, name, username: name, avatarUrl: null });

const context: PlanHistoryContext = {
  people: [person(SAM, 'Sam'), person(ALEX, 'Alex'), person(BO, 'Bo'), person(VIEWER, 'Vi')],
  titles: { [PICNIC]: 'Picnic' },
  viewerId: VIEWER,
  timeZone: 'America/New_York',
};

let counter = 0;
function event(op: PlanOperation, options: { actorId?: string; at?: string } = {}): PlanEvent {
  counter += 1;
  return {
    planId: '42',
    version: counter,
    opId: `op-${counter}`,
    actorId: options.actorId ?? SAM,
    op,
    changes: [],
    at: options.at ?? '2026-11-24T15:00:00.000Z',
  };
}

const textOf = (op: PlanOperation, options?: { actorId?: string; at?: string }) =>
  describePlanHistory([event(op, options)], context)[0]?.text;

describe('describePlanHistory', () => {
  it('words every kind of operation', () => {
    const cases: [PlanOperation, string][] = [
      [{ type: 'plan.create', title: 'Beach day', date: null }, 'Sam created the plan'],
      [{ type: 'plan.update', field: 'title', value: 'Beach day' }, 'Sam renamed the plan to Beach day'],
      [{ type: 'plan.update', field: 'date', value: '2026-12-05' }, 'Sam set the date to Sat, Dec 5'],
      [{ type: 'plan.update', field: 'date', value: null }, 'Sam cleared the date'],
      [
        { type: 'plan.update', field: 'timeZone', value: 'Asia/Tokyo' },
        'Sam set the time zone to Asia/Tokyo',
      ],
      [
        { type: 'activity.add', ref: PICNIC, source: { kind: 'linked', activityId: '11' } },
        'Sam added Picnic',
      ],
      [{ type: 'activity.schedule', ref: PICNIC }, 'Sam scheduled Picnic'],
      [
        {
          type: 'activity.setTimes',
          ref: PICNIC,
          beginsAt: '2026-12-06T00:00:00.000Z',
          endsAt: '2026-12-06T01:00:00.000Z',
        },
        'Sam moved Picnic to 7:00 PM',
      ],
      [
        { type: 'activity.setTimes', ref: PICNIC, beginsAt: null, endsAt: null },
        'Sam cleared the time of Picnic',
      ],
      [
        { type: 'activity.edit', ref: PICNIC, customLocation: 'The pier', customDetails: undefined },
        'Sam changed the location of Picnic',
      ],
      [
        { type: 'activity.edit', ref: PICNIC, customLocation: undefined, customDetails: null },
        'Sam cleared the details of Picnic',
      ],
      [
        { type: 'activity.edit', ref: PICNIC, customLocation: 'The pier', customDetails: 'Bring food' },
        'Sam edited Picnic',
      ],
      [{ type: 'activity.remove', ref: PICNIC }, 'Sam removed Picnic'],
      [{ type: 'plan.lock', locked: true }, 'Sam locked the title and date'],
      [{ type: 'plan.lock', locked: false }, 'Sam unlocked the title and date'],
      [{ type: 'collaborator.invite', userIds: [ALEX] }, 'Sam invited Alex'],
      [{ type: 'collaborator.invite', userIds: [ALEX, BO, VIEWER] }, 'Sam invited Alex, Bo and you'],
      [{ type: 'collaborator.remove', userId: ALEX }, 'Sam removed Alex'],
      [{ type: 'status.change', to: 'draft' }, 'Sam moved the plan back to draft'],
      [{ type: 'status.change', to: 'prepared' }, 'Sam prepared the plan'],
      [
        {
          type: 'status.change',
          to: 'completed',
          publish: {
            title: 'Beach day',
            description: '',
            dateOf: null,
            visibilityPublic: false,
            photos: { fromActivityRefs: [PICNIC], uploadIds: [] },
          },
        },
        'Sam marked the date completed',
      ],
      [{ type: 'plan.delete' }, 'Sam deleted the plan'],
    ];
    expect(cases.map(([op]) => textOf(op))).toEqual(cases.map(([, text]) => text));
  });

  it('says You for the viewer’s own edits and falls back for unknown people and rows', () => {
    expect(textOf({ type: 'plan.update', field: 'title', value: 'Beach day' }, { actorId: VIEWER })).toBe(
      'You renamed the plan to Beach day',
    );
    expect(textOf({ type: 'activity.remove', ref: 'unknown' }, { actorId: GONE })).toBe(
      'Collaborator removed Planned activity',
    );
  });

  it('shows times on the viewer’s clock and the year of a date in another year', () => {
    const setTimes: PlanOperation = {
      type: 'activity.setTimes',
      ref: PICNIC,
      beginsAt: '2026-12-06T00:05:00.000Z',
      endsAt: '2026-12-06T01:00:00.000Z',
    };
    expect(describePlanHistory([event(setTimes)], { ...context, timeZone: 'Asia/Tokyo' })[0]?.text).toBe(
      'Sam moved Picnic to 9:05 AM',
    );
    expect(textOf({ type: 'plan.update', field: 'date', value: '2027-01-02' })).toBe(
      'Sam set the date to Sat, Jan 2, 2027',
    );
  });

  it('tells every change on a line of its own, a burst of one person’s edits to one field too', () => {
    const title = (value: string, at: string) =>
      event({ type: 'plan.update', field: 'title', value }, { at });
    const newestFirst = [
      title('Beach day', '2026-11-24T15:00:20.000Z'),
      title('Beach', '2026-11-24T15:00:10.000Z'),
      title('Park day', '2026-11-24T15:00:00.000Z'),
    ];
    const lines = describePlanHistory(newestFirst, context);
    expect(lines.map((line) => line.text)).toEqual([
      'Sam renamed the plan to Beach day',
      'Sam renamed the plan to Beach',
      'Sam renamed the plan to Park day',
    ]);
    expect(lines[0]).toEqual({
      key: newestFirst[0]?.opId,
      text: 'Sam renamed the plan to Beach day',
      at: '2026-11-24T15:00:20.000Z',
    });
  });

  it('tells an undo as an undo, right after the change it took back', () => {
    const undo = (op: PlanOperation) => ({ ...event(op), undoes: 'op-earlier' });
    const cases: [PlanOperation, string][] = [
      [{ type: 'plan.update', field: 'title', value: 'Picnic' }, 'Sam undid the rename, back to Picnic'],
      [{ type: 'plan.update', field: 'date', value: null }, 'Sam undid setting the date'],
      [
        { type: 'plan.update', field: 'date', value: '2026-12-05' },
        'Sam undid the date change, back to Sat, Dec 5',
      ],
      [{ type: 'activity.remove', ref: PICNIC }, 'Sam undid adding Picnic'],
      [
        { type: 'activity.setTimes', ref: PICNIC, beginsAt: null, endsAt: null },
        'Sam undid scheduling Picnic',
      ],
      [
        {
          type: 'activity.setTimes',
          ref: PICNIC,
          beginsAt: '2026-12-06T00:00:00.000Z',
          endsAt: '2026-12-06T01:00:00.000Z',
        },
        'Sam undid the time change of Picnic, back to 7:00 PM',
      ],
      [{ type: 'activity.edit', ref: PICNIC, customLocation: 'Park' }, 'Sam undid the edit of Picnic'],
      [{ type: 'plan.lock', locked: false }, 'Sam undid locking the title and date'],
      [{ type: 'status.change', to: 'draft' }, 'Sam undid preparing the plan'],
      [{ type: 'status.change', to: 'prepared' }, 'Sam undid moving the plan back to draft'],
    ];
    for (const [op, text] of cases) {
      expect(describePlanHistory([undo(op)], context)[0]?.text).toBe(text);
    }
    const rename = event({ type: 'plan.update', field: 'title', value: 'Lake day' });
    expect(
      describePlanHistory(
        [undo({ type: 'plan.update', field: 'title', value: 'Beach day' }), rename],
        context,
      ).map((line) => line.text),
    ).toEqual(['Sam undid the rename, back to Beach day', 'Sam renamed the plan to Lake day']);
  });

  it('names someone whose account was deleted only as a former member', () => {
    const former = {
      ...context,
      people: [...context.people, { ...person(GONE, 'A former member'), former: true as const }],
    };
    const lines = describePlanHistory(
      [
        event({ type: 'collaborator.remove', userId: GONE }, { actorId: VIEWER }),
        event({ type: 'plan.update', field: 'title', value: 'Beach day' }, { actorId: GONE }),
        event({ type: 'collaborator.invite', userIds: [SAM, GONE] }, { actorId: VIEWER }),
      ],
      former,
    );
    expect(lines.map((line) => line.text)).toEqual([
      'You removed a former member',
      'A former member renamed the plan to Beach day',
      'You invited Sam and a former member',
    ]);
  });

  it('never merges commands, even repeated ones', () => {
    const lines = describePlanHistory(
      [
        event({ type: 'activity.remove', ref: PICNIC }),
        event({ type: 'activity.schedule', ref: PICNIC }),
        event({ type: 'activity.schedule', ref: PICNIC }),
      ],
      context,
    );
    expect(lines).toHaveLength(3);
  });
});
