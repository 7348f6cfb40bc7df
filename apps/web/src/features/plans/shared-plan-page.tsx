import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  messages,
  planShareTokenSchema,
  type PathParamName,
  type SharedPlan,
  type webPaths,
} from '@datebook/contracts';
import { planDateLabel, splitTimeline } from '@datebook/domain';
import { isApiError } from '@/lib/api-error';
import { FormMessage } from '@/ui/feedback/form-message';
import { Page } from '@/ui/layout/page';
import { UserAvatar } from '@/ui/media/user-avatar';
import { fetchSharedPlan } from './api';
import { PlanRowItem } from './components/plan-row-item';
import { PlanSkeleton } from './components/plan-states';
import { PlanStatusBadge } from './components/plan-status-badge';
import { TimelineDays } from './components/timeline-days';
import { planKeys } from './query-keys';
import './plans.css';

const TITLE = 'Shared plan';
const SHARED_TEXTS: readonly string[] = [
  messages.plans.sharedNotFound,
  messages.plans.notAvailableToShare,
  messages.plans.unableToLoadShared,
];

/** The spec's words for why a shared plan cannot be shown (section 8). */
function sharedPlanError(error: unknown): string {
  if (isApiError(error)) {
    if (SHARED_TEXTS.includes(error.message)) {
      return error.message;
    }
    if (error.status === 404) {
      return messages.plans.sharedNotFound;
    }
  }
  return messages.plans.unableToLoadShared;
}

/**
 * /plan/shared/{username}/{shareToken}: the read-only plan behind a share link, for anyone holding
 * it, without sign-in or the access code. It shows only the server's projection: title, date, the
 * owner's public name and the timeline. A link that cannot hold a token is not sent to the api.
 */
export function SharedPlanPage() {
  const { username = '', shareToken = '' } = useParams<PathParamName<typeof webPaths.sharedPlan>>();
  const valid = planShareTokenSchema.safeParse(shareToken).success && username !== '';
  const shared = useQuery({
    queryKey: planKeys.shared(username, shareToken),
    queryFn: ({ signal }) => fetchSharedPlan(username, shareToken, signal),
    enabled: valid,
  });
  if (!valid) {
    return (
      <Page title={TITLE}>
        <FormMessage tone="error">{messages.plans.sharedNotFound}</FormMessage>
      </Page>
    );
  }
  if (shared.isPending) {
    return (
      <Page title={TITLE}>
        <PlanSkeleton />
      </Page>
    );
  }
  if (shared.isError) {
    return (
      <Page title={TITLE}>
        <FormMessage tone="error">{sharedPlanError(shared.error)}</FormMessage>
      </Page>
    );
  }
  return <SharedPlanView plan={shared.data} />;
}

function SharedPlanView({ plan }: { plan: SharedPlan }) {
  const { scheduled, unscheduled } = splitTimeline(plan.timeline);
  const ownerName = plan.owner.displayName ?? plan.owner.username;
  return (
    <Page title={plan.title} className="plan-page">
      <div className="plan-heading">
        <PlanStatusBadge status={plan.status} />
        <span className="plan-heading__date">{planDateLabel(plan.date)}</span>
      </div>
      <p className="plan-owner">
        <UserAvatar username={plan.owner.username} src={plan.owner.avatarUrl} size="sm" />
        <span>Planned by {ownerName}</span>
      </p>
      <div className="plan-layout">
        <section className="plan-section plan-layout__main" aria-labelledby="shared-timeline">
          <h2 id="shared-timeline">Timeline</h2>
          {scheduled.length === 0 ? (
            <p className="plan-section__empty">Nothing scheduled yet.</p>
          ) : (
            <TimelineDays rows={scheduled} plan={plan} rowKey={(_, index) => index} />
          )}
        </section>
        {unscheduled.length > 0 && (
          <section className="plan-section plan-layout__side" aria-labelledby="shared-ideas">
            <h2 id="shared-ideas">Additional ideas</h2>
            <ul className="plan-rows" aria-label="Additional ideas">
              {unscheduled.map((entry, index) => (
                <PlanRowItem key={index} row={entry} timeZone={plan.timeZone} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </Page>
  );
}
