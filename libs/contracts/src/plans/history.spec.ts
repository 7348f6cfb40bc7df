import { planEndpoints } from './endpoints';
import { PLAN_HISTORY_PAGE, planHistoryQuerySchema, planHistorySchema } from './history';

describe('the plan history', () => {
  it('pages by version, newest first, with a bounded page size', () => {
    expect(planHistoryQuerySchema.parse({})).toEqual({ limit: PLAN_HISTORY_PAGE.defaultLimit });
    expect(planHistoryQuerySchema.parse({ before: '12', limit: '5' })).toEqual({ before: 12, limit: 5 });
    expect(planHistoryQuerySchema.safeParse({ limit: PLAN_HISTORY_PAGE.maxLimit + 1 }).success).toBe(false);
    expect(planHistoryQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(planHistoryQuerySchema.safeParse({ before: 0 }).success).toBe(false);
    expect(planHistoryQuerySchema.safeParse({ before: 'x' }).success).toBe(false);
  });

  it('answers the items with the people and titles they mention, and where the next page starts', () => {
    const page = {
      items: [
        {
          planId: '1',
          version: 2,
          opId: 'o',
          actorId: 'u',
          op: { type: 'plan.delete' },
          changes: [{ kind: 'delete' }],
          at: '2030-01-01T00:00:00.000Z',
        },
      ],
      people: [{ id: 'u', name: 'Sam', username: 'sam', avatarUrl: null }],
      titles: { r: 'Picnic' },
      nextBefore: null,
    };
    expect(planHistorySchema.safeParse(page).success).toBe(true);
    expect(planHistorySchema.safeParse({ ...page, nextBefore: 2 }).success).toBe(true);
    expect(planHistorySchema.safeParse({ ...page, titles: { r: 1 } }).success).toBe(false);
    expect(planEndpoints.history).toMatchObject({ method: 'GET', path: '/plans/:planId/history' });
  });
});
