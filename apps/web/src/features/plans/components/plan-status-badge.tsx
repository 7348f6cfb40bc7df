import type { PlanStatus } from '@datebook/contracts';
import { planStatusLabel } from '@datebook/domain';
import '../plans.css';

/** Draft yellow, Prepared blue, Completed green (spec section 2). */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return <span className={`plan-badge plan-badge--${status}`}>{planStatusLabel(status)}</span>;
}
