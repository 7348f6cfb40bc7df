import type { PlanEntry } from '@datebook/contracts';
import { applyPlanOperation } from './apply-plan-operation';
import { applyPlanChanges, applyPlanEvent } from './plan-changes';
import { emptyPlanState, type PlanState } from './plan-state';

const OWNER = 'owner-1';
const row: PlanEntry = {
  ref: 'r1',
  activityId: '9',
  isCustom: false,
  customLocation: null,
  customDetails: null,
  beginsAt: null,
  endsAt: null,
  status: 'unscheduled',
  deleted: false,
  linked: { title: 'Kayaking', location: 'River', imageUrl: null, budget: null },
};
const state: PlanState = { ...emptyPlanState('1', OWNER), title: 'Saturday', version: 5, activities: [row] };

describe('applyPlanChanges', () => {
  it('applies each kind of change in order', () => {
    const next = applyPlanChanges(state, [
      { kind: 'plan', set: { title: 'Sunday', date: '2025-03-09' } },
      { kind: 'addCollaborators', userIds: ['sam', 'alex'] },
      { kind: 'status', to: 'prepared' },
      { kind: 'plan', set: { locked: true } },
      { kind: 'updateEntry', ref: 'r1', set: { beginsAt: 'b', endsAt: 'e', status: 'scheduled' } },
      { kind: 'addEntry', entry: { ...row, ref: 'r2' } },
      { kind: 'removeEntry', ref: 'r2' },
      { kind: 'removeCollaborator', userId: 'sam' },
    ]);
    expect(next).toMatchObject({
      title: 'Sunday',
      date: '2025-03-09',
      status: 'prepared',
      locked: true,
      collaboratorIds: ['alex'],
      version: 5,
    });
    expect(next.activities).toEqual([
      { ...row, beginsAt: 'b', endsAt: 'e', status: 'scheduled' },
      { ...row, ref: 'r2', deleted: true },
    ]);
  });

  it('never clears a field a partial update leaves out', () => {
    const next = applyPlanChanges(state, [{ kind: 'plan', set: { date: null, title: undefined } }]);
    expect(next).toMatchObject({ title: 'Saturday', date: null });
  });

  it('does not add a collaborator twice', () => {
    const next = applyPlanChanges({ ...state, collaboratorIds: ['sam'] }, [
      { kind: 'addCollaborators', userIds: ['sam'] },
    ]);
    expect(next.collaboratorIds).toEqual(['sam']);
  });

  it('marks a deleted plan', () => {
    expect(applyPlanChanges(state, [{ kind: 'delete' }]).deleted).toBe(true);
  });

  it('reproduces what applyPlanOperation computed, without its facts or clock', () => {
    const outcome = applyPlanOperation(
      state,
      { type: 'activity.schedule', ref: 'r1' },
      { userId: OWNER, role: 'owner' },
      { now: new Date('2025-03-05T12:00:00Z') },
    );
    if (!outcome.ok) {
      throw new Error(outcome.message);
    }
    expect({ ...applyPlanChanges(state, outcome.changes), version: 6 }).toEqual(outcome.state);
  });
});

describe('applyPlanEvent', () => {
  const event = { version: 6, changes: [{ kind: 'status', to: 'prepared' }] } as const;

  it('applies the next version and takes its number', () => {
    expect(applyPlanEvent(state, { ...event, changes: [...event.changes] })).toEqual({
      status: 'applied',
      state: { ...state, status: 'prepared', version: 6 },
    });
  });

  it('ignores an event already applied', () => {
    expect(applyPlanEvent({ ...state, version: 6 }, { ...event, changes: [] })).toEqual({ status: 'stale' });
  });

  it('reports a gap instead of skipping a version', () => {
    expect(applyPlanEvent(state, { version: 7, changes: [] })).toEqual({ status: 'gap' });
  });
});
