import { messages, type PlanOperation } from '@datebook/contracts';

const alerts = messages.plans.alerts;

/** The spec's alert prefix for a refused or failed operation (spec section 8). */
export function planAlertPrefix(op: PlanOperation): string {
  switch (op.type) {
    case 'plan.create':
    case 'plan.update':
    case 'activity.edit':
    case 'plan.lock':
      return alerts.saveDraft;
    case 'activity.add':
      return alerts.addActivity;
    case 'activity.schedule':
      return alerts.schedule;
    case 'activity.setTimes':
      return alerts.updateTime;
    case 'activity.remove':
      return alerts.deleteActivity;
    case 'collaborator.invite':
      return alerts.sendInvite;
    case 'collaborator.remove':
      return alerts.removeCollaborator;
    case 'plan.delete':
      return alerts.deletePlan;
    case 'status.change':
      return op.to === 'prepared'
        ? alerts.prepare
        : op.to === 'completed'
          ? alerts.publish
          : alerts.saveDraft;
  }
}

/** 'Unable to schedule activity: ' and the reason, e.g. the refusal's message. */
export function planAlert(op: PlanOperation, reason: string): string {
  return `${planAlertPrefix(op)}${reason}`;
}
