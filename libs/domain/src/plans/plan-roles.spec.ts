import { planRoleOf } from './plan-roles';

describe('planRoleOf', () => {
  const plan = { ownerId: 'u1', collaboratorIds: ['u2'] };

  it('tells the owner, a collaborator and anyone else apart', () => {
    expect(planRoleOf(plan, 'u1')).toBe('owner');
    expect(planRoleOf(plan, 'u2')).toBe('collaborator');
    expect(planRoleOf(plan, 'u3')).toBeNull();
  });
});
