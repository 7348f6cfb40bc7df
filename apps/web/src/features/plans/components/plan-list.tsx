import { Link } from 'react-router-dom';
import { webRoutes, type PlanListItem } from '@datebook/contracts';
import { planDateLabel, planRoleLabel } from '@datebook/domain';
import { planAddress } from '../plan-address';
import { PlanStatusBadge } from './plan-status-badge';
import '../plans.css';

interface PlanListRowsProps {
  plans: readonly PlanListItem[];
  /** The viewer, whose role each row names. */
  userId: string;
  label: string;
  /** The Drafts section says 'No date selected' for a plan without a date. */
  draftList?: boolean;
}

/**
 * Plans as rows: title, status badge, the viewer's role and the date. A draft opens in the editor,
 * any other plan in the preview (spec section 2).
 */
export function PlanListRows({ plans, userId, label, draftList = false }: PlanListRowsProps) {
  return (
    <ul className="plan-list" aria-label={label}>
      {plans.map((plan) => (
        <li key={plan.id}>
          <Link
            className="plan-list__row"
            to={planAddress(plan.status === 'draft' ? webRoutes.plan : webRoutes.planPreview, plan.id)}
          >
            <span className="plan-list__title">{plan.title}</span>
            <span className="plan-list__facts">
              <PlanStatusBadge status={plan.status} />
              <span className="plan-list__role">{planRoleLabel(plan.ownerId, userId)}</span>
              <span className="plan-list__date">{planDateLabel(plan.date, { draftList })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Stand-ins shaped like rows while a list loads. */
export function PlanRowSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul className="plan-list" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="plan-skeleton" />
      ))}
    </ul>
  );
}
