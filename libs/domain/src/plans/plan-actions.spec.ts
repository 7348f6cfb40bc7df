import { PLAN_ROLES, PLAN_STATUSES, type PlanOperation } from '@datebook/contracts';
import { applyPlanOperation, type PlanOpFacts } from './apply-plan-operation';
import { planActionsFor, type PlanActions } from './plan-actions';
import { emptyPlanState, type PlanActor, type PlanState } from './plan-state';

const OWNER = '11111111-1111-4111-8111-111111111111';
const SAM = '22222222-2222-4222-8222-222222222222';
const ALEX = '33333333-3333-4333-8333-333333333333';
const REF = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const NEW_REF = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

/** A plan ready for every transition: titled, dated, one row, Sam on it. */
function plan(overrides: Partial<PlanState>): PlanState {
  return {
    ...emptyPlanState('42', OWNER),
    title: 'Saturday',
    date: '2030-03-08',
    version: 3,
    collaboratorIds: [SAM],
    activities: [
      {
        ref: REF,
        activityId: null,
        isCustom: true,
        customLocation: 'Park',
        customDetails: 'Picnic',
        beginsAt: null,
        endsAt: null,
        status: 'unscheduled',
        deleted: false,
        linked: null,
      },
    ],
    ...overrides,
  };
}

type OperationAction = Exclude<keyof PlanActions, 'share'>;

/** One operation that each action sends, with what the server would have looked up for it. */
const sends: Record<OperationAction, { op: (state: PlanState) => PlanOperation; facts?: PlanOpFacts }> = {
  editFields: { op: () => ({ type: 'plan.update', field: 'title', value: 'Sunday' }) },
  editRows: {
    op: () => ({
      type: 'activity.add',
      ref: NEW_REF,
      source: { kind: 'custom', customLocation: null, customDetails: 'Dinner' },
    }),
  },
  lock: { op: (state) => ({ type: 'plan.lock', locked: !state.locked }) },
  invite: { op: () => ({ type: 'collaborator.invite', userIds: [ALEX] }), facts: { invitable: [ALEX] } },
  removeCollaborators: { op: () => ({ type: 'collaborator.remove', userId: SAM }) },
  prepare: { op: () => ({ type: 'status.change', to: 'prepared' }) },
  revertToDraft: { op: () => ({ type: 'status.change', to: 'draft' }) },
  complete: {
    op: () => ({
      type: 'status.change',
      to: 'completed',
      publish: {
        title: 'Saturday',
        description: 'Lovely',
        dateOf: '2030-03-08',
        visibilityPublic: false,
        photos: { fromActivityRefs: [], uploadIds: [] },
      },
    }),
  },
  delete: { op: () => ({ type: 'plan.delete' }) },
};

describe('planActionsFor', () => {
  it('offers a collaborator neither Delete nor the owner’s controls, and the owner all of them', () => {
    expect(planActionsFor('collaborator', 'prepared', false)).toEqual({
      editFields: true,
      editRows: true,
      lock: false,
      invite: false,
      removeCollaborators: false,
      prepare: false,
      revertToDraft: true,
      complete: true,
      delete: false,
      share: true,
    });
    expect(planActionsFor('owner', 'prepared', false)).toEqual({
      editFields: true,
      editRows: true,
      lock: true,
      invite: true,
      removeCollaborators: true,
      prepare: false,
      revertToDraft: true,
      complete: true,
      delete: true,
      share: true,
    });
  });

  it('offers one way each between draft and prepared, and no share link for a draft', () => {
    expect(planActionsFor('owner', 'draft', false)).toMatchObject({
      prepare: true,
      revertToDraft: false,
      complete: false,
      lock: false,
      share: false,
    });
    expect(planActionsFor('owner', 'prepared', false)).toMatchObject({ prepare: false, revertToDraft: true });
  });

  it('offers nothing but sharing on a completed plan, and no title or date edits while locked', () => {
    const completed = planActionsFor('owner', 'completed', false);
    expect(Object.entries(completed).filter(([, offered]) => offered)).toEqual([['share', true]]);
    expect(planActionsFor('collaborator', 'prepared', true)).toMatchObject({
      editFields: false,
      editRows: true,
    });
  });

  it('offers an operation exactly when the rules would accept it', () => {
    const operations = Object.entries(sends) as Array<[OperationAction, (typeof sends)[OperationAction]]>;
    for (const role of PLAN_ROLES) {
      for (const status of PLAN_STATUSES) {
        for (const locked of status === 'prepared' ? [false, true] : [false]) {
          const state = plan({ status, locked });
          const actor: PlanActor = { userId: role === 'owner' ? OWNER : SAM, role };
          const offered = planActionsFor(role, status, locked);
          for (const [action, { op, facts }] of operations) {
            const outcome = applyPlanOperation(state, op(state), actor, { now: new Date(), facts });
            expect({ role, status, locked, action, offered: offered[action] }).toEqual({
              role,
              status,
              locked,
              action,
              offered: outcome.ok,
            });
          }
        }
      }
    }
  });
});
