import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages, planMessages, webRoutes } from '@datebook/contracts';
import { isNumericId } from '@/lib/ids';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { FormMessage } from '@/ui/feedback/form-message';
import { ShareIcon } from '@/ui/icons/action-icons';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Page } from '@/ui/layout/page';
import { AddToCalendarButton } from './components/add-to-calendar-button';
import { BudgetSummary } from './components/budget-summary';
import { DeletePlanButton } from './components/delete-plan-button';
import { PlanHeading } from './components/plan-heading';
import { PlanUnavailable } from './components/plan-states';
import { PlanTimeline } from './components/plan-timeline';
import { PublishDialog } from './components/publish-dialog';
import { usePlan } from './hooks/use-plan';
import { useSharePlan } from './hooks/use-share-plan';
import { planAddress } from './plan-address';
import { planRows } from './plan-format';
import './plans.css';

const TITLE = 'Plan Preview';

/**
 * /plan/preview?id=: the prepared plan as it will happen (spec section 2): the timeline, the
 * additional ideas, the budget, Edit Plan, Revert to Draft, Share Plan, Add to calendar, Delete and
 * Date Completed.
 */
export function PlanPreviewPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!isNumericId(id ?? undefined)) {
    return (
      <Page title={TITLE}>
        <FormMessage tone="error">{planMessages.notFound}</FormMessage>
      </Page>
    );
  }
  return <PlanPreview key={id} planId={id ?? ''} />;
}

function PlanPreview({ planId }: { planId: string }) {
  const session = usePlan(planId);
  const navigate = useNavigate();
  const sharing = useSharePlan();
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState(false);
  const { publishedDateId } = session;

  // Whoever published goes to the Date as soon as the api says which it is.
  useEffect(() => {
    if (published && publishedDateId) {
      void navigate(webRoutes.date(publishedDateId));
    }
  }, [published, publishedDateId, navigate]);

  const plan = session.plan;
  if (!plan || session.phase !== 'ready') {
    return (
      <Page title={TITLE}>
        <PlanUnavailable session={session} />
      </Page>
    );
  }
  const rows = planRows(plan.activities);
  const owner = session.document?.owner;
  const revert = async () => {
    const result = await session.perform({ type: 'status.change', to: 'draft' });
    if (result.ok) {
      void navigate(planAddress(webRoutes.plan, planId));
    }
  };

  return (
    <Page title={plan.title || TITLE}>
      <PlanHeading plan={plan} session={session} />
      {publishedDateId && (
        <ButtonLink variant="secondary" to={webRoutes.date(publishedDateId)}>
          View Date
        </ButtonLink>
      )}
      <PlanTimeline rows={rows} plan={plan} unscheduledTitle="Additional ideas" />
      <BudgetSummary plan={plan} />
      <div className="plan-actions">
        {plan.status !== 'completed' && (
          // Spec section 4: Edit Plan, like Revert to Draft, takes a prepared plan back to draft.
          <Button
            variant="secondary"
            onClick={() =>
              plan.status === 'prepared' ? void revert() : void navigate(planAddress(webRoutes.plan, planId))
            }
          >
            {messages.plans.actions.editPlan}
          </Button>
        )}
        {plan.status === 'prepared' && (
          <Button variant="secondary" onClick={() => void revert()}>
            {messages.plans.actions.revertToDraft}
          </Button>
        )}
        {plan.status !== 'draft' && owner && (
          <Button
            variant="secondary"
            onClick={() =>
              void sharing.share({ id: planId, title: plan.title, ownerUsername: owner.username })
            }
          >
            <ShareIcon size={18} />
            {messages.plans.actions.sharePlan}
          </Button>
        )}
        {plan.status !== 'draft' && <AddToCalendarButton plan={plan} />}
        {plan.status !== 'completed' && <DeletePlanButton session={session} />}
        {plan.status === 'prepared' && (
          <Button onClick={() => setPublishing(true)}>{messages.plans.actions.dateCompleted}</Button>
        )}
      </div>
      {publishing && (
        <PublishDialog
          plan={plan}
          rows={rows}
          session={session}
          onClose={() => setPublishing(false)}
          onPublished={() => {
            setPublishing(false);
            setPublished(true);
          }}
        />
      )}
      {sharing.manualUrl && <ManualCopyDialog url={sharing.manualUrl} onClose={sharing.closeManual} />}
    </Page>
  );
}
