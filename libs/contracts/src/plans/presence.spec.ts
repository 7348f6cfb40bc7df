import { planLinkedActivitySchema } from './changes';
import { planPresenceMemberSchema, planPresenceSetSchema } from './presence';
import { planClientEvents, planJoinRequestSchema, planServerEvents } from './socket';

const ref = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('plan presence messages', () => {
  it('takes a focus on a known field, of a row or of the plan, or none', () => {
    expect(planPresenceSetSchema.safeParse({ planId: '42', focus: { ref, field: 'time' } }).success).toBe(
      true,
    );
    expect(planPresenceSetSchema.safeParse({ planId: '42', focus: { field: 'title' } }).success).toBe(true);
    expect(planPresenceSetSchema.safeParse({ planId: '42', focus: null, hidden: true }).success).toBe(true);
    expect(planPresenceSetSchema.safeParse({ planId: '42', focus: { field: 'budget' } }).success).toBe(false);
    expect(
      planPresenceSetSchema.safeParse({ planId: '42', focus: { ref: 'x'.repeat(65), field: 'time' } })
        .success,
    ).toBe(false);
    expect(planPresenceSetSchema.safeParse({ planId: 'abc', focus: null }).success).toBe(false);
    expect(planPresenceSetSchema.safeParse({ planId: '42' }).success).toBe(false);
  });

  it('lets a member join hidden', () => {
    expect(planJoinRequestSchema.parse({ planId: '42', hidden: true })).toEqual({
      planId: '42',
      hidden: true,
    });
    expect(planJoinRequestSchema.safeParse({ planId: '42', hidden: 'yes' }).success).toBe(false);
  });

  it('sends the whole list of open editors and the plan head', () => {
    const member = { key: 'k1', userId: 'u1', name: 'Sam', avatarUrl: null, focus: { field: 'date' } };
    expect(planPresenceMemberSchema.safeParse(member).success).toBe(true);
    expect(planServerEvents['presence.state'].safeParse({ planId: '42', members: [member] }).success).toBe(
      true,
    );
    expect(planServerEvents['presence.state'].safeParse({ planId: '42' }).success).toBe(false);
    expect(planServerEvents['plan.head'].safeParse({ planId: '42', version: 7 }).success).toBe(true);
    expect(planServerEvents['plan.head'].safeParse({ planId: '42', version: 7.5 }).success).toBe(false);
    expect(planClientEvents['presence.set']).toBe(planPresenceSetSchema);
  });

  it('gives a linked row its activity’s budget tier or null, and reads events that have none', () => {
    const linked = { title: 'Picnic', location: null, imageUrl: null };
    expect(planLinkedActivitySchema.parse({ ...linked, budget: '$$' }).budget).toBe('$$');
    expect(planLinkedActivitySchema.parse({ ...linked, budget: null }).budget).toBeNull();
    expect(planLinkedActivitySchema.parse(linked).budget).toBeNull();
    expect(planLinkedActivitySchema.safeParse({ ...linked, budget: 'cheap' }).success).toBe(false);
  });
});
