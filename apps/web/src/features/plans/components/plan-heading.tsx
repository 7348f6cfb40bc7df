import type { PlanState } from '@datebook/domain';
import { planDateLabel } from '@datebook/domain';
import type { PlanSession } from '../hooks/use-plan';
import { PlanStatusBadge } from './plan-status-badge';
import { ConnectionStatus } from './connection-status';

/** The plan's status badge and date, and whether edits are reaching the others. */
export function PlanHeading({ plan, session }: { plan: PlanState; session: PlanSession }) {
  return (
    <div className="plan-heading">
      <PlanStatusBadge status={plan.status} />
      <span className="plan-heading__date">{planDateLabel(plan.date)}</span>
      <ConnectionStatus connection={session.connection} pendingCount={session.pendingCount} />
    </div>
  );
}
