import { planOperationRegisters } from './plan-registers';

const ref = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('planOperationRegisters', () => {
  it('names the registers of last-writer-wins operations', () => {
    expect(planOperationRegisters({ type: 'plan.update', field: 'date', value: null })).toEqual([
      'plan.date',
    ]);
    expect(planOperationRegisters({ type: 'activity.setTimes', ref, beginsAt: null, endsAt: null })).toEqual([
      `times:${ref}`,
    ]);
    expect(planOperationRegisters({ type: 'activity.edit', ref, customDetails: 'x' })).toEqual([
      `customDetails:${ref}`,
    ]);
    expect(
      planOperationRegisters({ type: 'activity.edit', ref, customLocation: null, customDetails: 'x' }),
    ).toEqual([`customLocation:${ref}`, `customDetails:${ref}`]);
  });

  it('gives commands none', () => {
    expect(planOperationRegisters({ type: 'activity.schedule', ref })).toEqual([]);
    expect(planOperationRegisters({ type: 'plan.lock', locked: true })).toEqual([]);
  });
});
