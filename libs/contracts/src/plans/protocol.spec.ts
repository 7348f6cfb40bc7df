import { planCatchUpSchema, planOpRequestSchema, planOpResultSchema } from './protocol';
import { planJoinAckSchema, planRoom, planSocketOpSchema } from './socket';

const opId = '0190d7a8-7a4e-7c3e-9e6f-1234567890ab';
const op = { type: 'plan.delete' };

describe('the plan protocol', () => {
  it('takes an op in an envelope with a uuid op id and a bounded client id', () => {
    expect(planOpRequestSchema.safeParse({ opId, clientId: 'tab-1', baseVersion: 0, op }).success).toBe(true);
    expect(planOpRequestSchema.safeParse({ opId: 'x', clientId: 'tab-1', baseVersion: 0, op }).success).toBe(
      false,
    );
    expect(
      planOpRequestSchema.safeParse({ opId, clientId: 'x'.repeat(65), baseVersion: 0, op }).success,
    ).toBe(false);
    expect(planOpRequestSchema.safeParse({ opId, clientId: 'tab-1', baseVersion: -1, op }).success).toBe(
      false,
    );
    expect(planOpRequestSchema.safeParse({ opId, clientId: 'tab-1', baseVersion: 1.5, op }).success).toBe(
      false,
    );
  });

  it('addresses socket ops to a plan id the database could hold', () => {
    const envelope = { opId, clientId: 'tab-1', baseVersion: 3, op };
    expect(planSocketOpSchema.safeParse({ ...envelope, planId: '42' }).success).toBe(true);
    expect(planSocketOpSchema.safeParse({ ...envelope, planId: '99999999999999999999' }).success).toBe(false);
  });

  it('answers refusals with a code and the rule’s text', () => {
    expect(
      planOpResultSchema.safeParse({ ok: false, code: 'LOCKED', message: 'The title and date are locked.' })
        .success,
    ).toBe(true);
    expect(planOpResultSchema.safeParse({ ok: false, code: 'TEAPOT', message: 'x' }).success).toBe(false);
  });

  it('catches up with events or a snapshot', () => {
    expect(planCatchUpSchema.safeParse({ role: 'owner', version: 3, events: [] }).success).toBe(true);
    expect(
      planJoinAckSchema.safeParse({ ok: true, role: 'collaborator', version: 3, events: [] }).success,
    ).toBe(true);
    expect(
      planJoinAckSchema.safeParse({ ok: false, error: { code: 'NOT_FOUND', message: 'x' } }).success,
    ).toBe(true);
  });

  it('names the room of a plan', () => {
    expect(planRoom('42')).toBe('plan:42');
  });
});
