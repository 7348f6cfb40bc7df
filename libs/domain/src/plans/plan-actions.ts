import type { PlanOperationType, PlanRole, PlanStatus } from '@datebook/contracts';
import { OWNER_ONLY } from './apply-plan-operation';
import { canTransition } from './plan-status';

/** What a member may do to a plan as it stands: a screen offers these and nothing else. */
export interface PlanActions {
  /** Change the title and the date. */
  editFields: boolean;
  /** Add, schedule, time, edit and remove the plan's activities. */
  editRows: boolean;
  /** Lock or unlock the title and the date. */
  lock: boolean;
  invite: boolean;
  removeCollaborators: boolean;
  /** Prepare Date. */
  prepare: boolean;
  /** Revert to Draft: the one way from prepared back to draft. */
  revertToDraft: boolean;
  /** Date Completed, which publishes the recap. */
  complete: boolean;
  delete: boolean;
  /** Share Plan and Add to calendar: a draft has no share link (spec section 4) and no evening yet. */
  share: boolean;
}

/**
 * Derived from the rules `applyPlanOperation` enforces (who may send an operation, the status
 * machine, read-only when completed, the lock), so no screen offers an action that can only be
 * refused, such as Delete to a collaborator.
 */
export function planActionsFor(role: PlanRole, status: PlanStatus, locked: boolean): PlanActions {
  const open = status !== 'completed';
  const may = (type: PlanOperationType) => open && (role === 'owner' || OWNER_ONLY[type] === undefined);
  return {
    editFields: may('plan.update') && !locked,
    editRows: may('activity.add'),
    lock: may('plan.lock') && status === 'prepared',
    invite: may('collaborator.invite'),
    removeCollaborators: may('collaborator.remove'),
    prepare: may('status.change') && canTransition(status, 'prepared'),
    revertToDraft: may('status.change') && canTransition(status, 'draft'),
    complete: may('status.change') && canTransition(status, 'completed'),
    delete: may('plan.delete'),
    share: status !== 'draft',
  };
}
