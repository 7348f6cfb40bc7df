import type { PlanEvent } from '@datebook/contracts';
import { planStateFromDocument } from '../plan-document';
import { ConfirmedPlan, type ConfirmedPlanHooks } from './confirmed-plan';
import { planDocument, planEvent } from './testing/plan-sync-fixtures';

const titled = (version: number) =>
  planEvent(version, [{ kind: 'plan', set: { title: `Title ${version}` } }]);

/** A confirmed plan at version 3 whose hooks record what they are told. */
function confirmedAt3(live = true) {
  const applied: number[] = [];
  const taken: number[] = [];
  let gaps = 0;
  const hooks: ConfirmedPlanHooks = {
    live: () => live,
    applied: (event: PlanEvent) => applied.push(event.version),
    taken: (event: PlanEvent) => taken.push(event.version),
    gapOutlived: () => {
      gaps += 1;
    },
  };
  const plan = new ConfirmedPlan(hooks, 100);
  plan.adopt(planStateFromDocument(planDocument({ version: 3 })));
  return { plan, applied, taken, gaps: () => gaps };
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('ConfirmedPlan', () => {
  it('applies events in version order, holding one that came early until the gap closes', () => {
    const { plan, applied, taken, gaps } = confirmedAt3();

    plan.apply(titled(5));
    expect(plan.state?.version).toBe(3);
    plan.apply(titled(4));

    expect(plan.state).toMatchObject({ version: 5, title: 'Title 5' });
    expect(applied).toEqual([4, 5]);
    expect(taken).toEqual([4, 5]);
    jest.advanceTimersByTime(200);
    expect(gaps()).toBe(0);
  });

  it('asks for a catch-up once when a gap outlives the grace period', () => {
    const { plan, gaps } = confirmedAt3();

    plan.apply(titled(5));
    plan.apply(titled(6));
    jest.advanceTimersByTime(99);
    expect(gaps()).toBe(0);
    jest.advanceTimersByTime(1);

    expect(gaps()).toBe(1);
  });

  it('takes an event it already contains without applying it again', () => {
    const { plan, applied, taken } = confirmedAt3();

    plan.apply(titled(3));

    expect(applied).toEqual([]);
    expect(taken).toEqual([3]);
  });

  it('applies held events after an adopted snapshot, and none once editing is no longer live', () => {
    const { plan, applied } = confirmedAt3();
    plan.apply(titled(6));
    plan.adopt(planStateFromDocument(planDocument({ version: 5 })));
    plan.applyHeld();
    expect(plan.state?.version).toBe(6);
    expect(applied).toEqual([6]);

    const ended = confirmedAt3(false);
    ended.plan.apply(titled(5));
    ended.plan.apply(titled(4));
    expect(ended.plan.state?.version).toBe(4);
  });

  it('forgets held events and stops healing when editing ends', () => {
    const { plan, gaps } = confirmedAt3();
    plan.apply(titled(5));

    plan.forgetHeld();
    jest.advanceTimersByTime(200);
    plan.apply(titled(4));

    expect(gaps()).toBe(0);
    expect(plan.state?.version).toBe(4);
  });
});
