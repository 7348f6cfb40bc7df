import type { PlanOperation } from '@datebook/contracts';
import { planAlert, planAlertPrefix } from './plan-alerts';

const ref = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const publish = {
  title: 't',
  description: 'd',
  dateOf: null,
  visibilityPublic: false,
  photos: { fromActivityRefs: [ref], uploadIds: [] },
};

describe('planAlertPrefix', () => {
  it.each<[PlanOperation, string]>([
    [{ type: 'plan.create', title: 't', date: null }, 'Unable to save draft: '],
    [{ type: 'plan.update', field: 'title', value: 't' }, 'Unable to save draft: '],
    [{ type: 'activity.add', ref, source: { kind: 'custom' } }, 'Unable to add activity: '],
    [{ type: 'activity.schedule', ref }, 'Unable to schedule activity: '],
    [{ type: 'activity.setTimes', ref, beginsAt: null, endsAt: null }, 'Unable to update activity time: '],
    [{ type: 'activity.remove', ref }, 'Unable to delete activity: '],
    [{ type: 'collaborator.invite', userIds: [ref] }, 'Unable to send invite: '],
    [{ type: 'collaborator.remove', userId: ref }, 'Unable to remove collaborator: '],
    [{ type: 'status.change', to: 'prepared' }, 'Unable to prepare plan: '],
    [{ type: 'status.change', to: 'completed', publish }, 'Unable to publish date: '],
    [{ type: 'plan.delete' }, 'Unable to delete planned date: '],
  ])('%j → %s', (op, prefix) => {
    expect(planAlertPrefix(op)).toBe(prefix);
  });

  it('puts the reason after the prefix', () => {
    expect(planAlert({ type: 'activity.remove', ref }, 'This activity is no longer in the plan.')).toBe(
      'Unable to delete activity: This activity is no longer in the plan.',
    );
  });
});
