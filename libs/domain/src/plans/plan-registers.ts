import type { PlanOperation } from '@datebook/contracts';

/**
 * The last-writer-wins registers an operation writes (design: Operations); commands write none.
 * The server compares them with the events after the sender's `baseVersion` to say whose newer
 * change an op replaced, and the browser hides incoming values of a register it has pending.
 */
export function planOperationRegisters(op: PlanOperation): string[] {
  switch (op.type) {
    case 'plan.update':
      return [`plan.${op.field}`];
    case 'activity.setTimes':
      return [`times:${op.ref}`];
    case 'activity.edit':
      return [
        ...(op.customLocation === undefined ? [] : [`customLocation:${op.ref}`]),
        ...(op.customDetails === undefined ? [] : [`customDetails:${op.ref}`]),
      ];
    case 'plan.create':
    case 'activity.add':
    case 'activity.schedule':
    case 'activity.remove':
    case 'plan.lock':
    case 'collaborator.invite':
    case 'collaborator.remove':
    case 'status.change':
    case 'plan.delete':
      return [];
  }
}
