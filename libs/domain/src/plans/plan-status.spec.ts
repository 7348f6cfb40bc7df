import { messages, planMessages, type PlanEntry, type PlanStatus } from '@datebook/contracts';
import { canTransition, prepareProblems, transitionProblem } from './plan-status';

const row = (overrides: Partial<PlanEntry> = {}): PlanEntry => ({
  ref: 'r',
  activityId: null,
  isCustom: true,
  customLocation: null,
  customDetails: null,
  beginsAt: null,
  endsAt: null,
  status: 'unscheduled',
  deleted: false,
  linked: null,
  ...overrides,
});

describe('the plan state machine', () => {
  it.each<[PlanStatus, PlanStatus, boolean]>([
    ['draft', 'prepared', true],
    ['prepared', 'draft', true],
    ['prepared', 'completed', true],
    ['draft', 'completed', false],
    ['draft', 'draft', false],
    ['prepared', 'prepared', false],
    ['completed', 'draft', false],
    ['completed', 'prepared', false],
    ['completed', 'completed', false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(transitionProblem(from, to) === null).toBe(allowed);
  });

  it('says why a move is refused', () => {
    expect(transitionProblem('completed', 'draft')).toBe(planMessages.readOnly);
    expect(transitionProblem('draft', 'completed')).toBe(planMessages.completeNeedsPrepared);
    expect(transitionProblem('draft', 'draft')).toBe(planMessages.alreadyDraft);
    expect(transitionProblem('prepared', 'prepared')).toBe(planMessages.alreadyPrepared);
  });
});

describe('prepareProblems', () => {
  it('is empty for a plan with a title, a date and an activity', () => {
    expect(prepareProblems({ title: 'Saturday', date: '2025-03-08', activities: [row()] })).toEqual([]);
  });

  it('lists every missing piece in order', () => {
    const ended = row({ beginsAt: '2025-03-08T19:00:00Z', endsAt: '2025-03-08T18:00:00Z' });
    expect(prepareProblems({ title: '  ', date: null, activities: [] })).toEqual([
      planMessages.prepareNeedsTitle,
      planMessages.prepareNeedsDate,
      planMessages.prepareNeedsActivity,
    ]);
    expect(prepareProblems({ title: 'x', date: '2025-03-08', activities: [ended] })).toEqual([
      messages.plans.endBeforeBegin,
    ]);
  });

  it('ignores removed rows', () => {
    const removed = row({ deleted: true, beginsAt: '2025-03-08T19:00:00Z', endsAt: '2025-03-08T18:00:00Z' });
    expect(prepareProblems({ title: 'x', date: '2025-03-08', activities: [removed] })).toEqual([
      planMessages.prepareNeedsActivity,
    ]);
  });
});
