import type { PlanState } from '@datebook/domain';
import { planDateLabel } from '@datebook/domain';
import type { PlanSession } from '../hooks/use-plan';
import { PlanStatusBadge } from './plan-status-badge';
import { ReconnectingNote } from './plan-states';

/** The plan's status badge and date, and a note while an edit is being redelivered. */
export function PlanHeading({ plan, session }: { plan: PlanState; session: PlanSession }) {
  return (
    <div className="plan-heading">
      <PlanStatusBadge status={plan.status} />
      <span className="plan-heading__date">{planDateLabel(plan.date)}</span>
      <ReconnectingNote session={session} />
    </div>
  );
}
