import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages, planLiveMessages, planShareMessages, webRoutes } from '@datebook/contracts';
import { planActionsFor } from '@datebook/domain';
import { isNumericId } from '@/lib/ids';
import { ActionBar, type BarAction } from '@/ui/actions/action-bar';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { ShareIcon } from '@/ui/icons/action-icons';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Page } from '@/ui/layout/page';
import { downloadPlanCalendar } from './components/add-to-calendar-button';
import { BudgetSummary } from './components/budget-summary';
import { DeletePlanDialog } from './components/delete-plan-button';
import { PlanHeading } from './components/plan-heading';
import { PlanNotFoundPage, PlanUnavailablePage } from './components/plan-states';
import { PlanTimeline } from './components/plan-timeline';
import { PublishDialog } from './components/publish-dialog';
import { ResetShareLinkDialog } from './components/reset-share-link-dialog';
import { usePlan } from './hooks/use-plan';
import { useSharePlan } from './hooks/use-share-plan';
import { planAddress } from './plan-address';
import { planRows } from './plan-format';
import './plans.css';

const TITLE = 'Plan Preview';

/**
 * /plan/preview?id=: the prepared plan as it will happen (spec section 2): the timeline, the
 * additional ideas, the budget, and of Revert to Draft, Share Plan, Add to calendar, Delete and Date
 * Completed those the member may use. Revert to Draft is the one way back to draft (spec section 4
 * names Edit Plan too, for the same move; one button for it is enough).
 */
export function PlanPreviewPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!isNumericId(id ?? undefined)) {
    return <PlanNotFoundPage title={TITLE} />;
  }
  return <PlanPreview key={id} planId={id ?? ''} />;
}

function PlanPreview({ planId }: { planId: string }) {
  const session = usePlan(planId);
  const navigate = useNavigate();
  const sharing = useSharePlan(planId, session.plan !== null && session.plan.status !== 'draft');
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [resettingLink, setResettingLink] = useState(false);
  const { publishedDateId } = session;

  // Whoever published goes to the Date as soon as the api says which it is.
  useEffect(() => {
    if (published && publishedDateId) {
      void navigate(webRoutes.date(publishedDateId));
    }
  }, [published, publishedDateId, navigate]);

  const plan = session.plan;
  if (!plan || session.phase !== 'ready') {
    return <PlanUnavailablePage title={TITLE} session={session} />;
  }
  const rows = planRows(plan.activities);
  const owner = session.document?.owner;
  const can = planActionsFor(session.role, plan.status, plan.locked);
  const revert = async () => {
    const result = await session.perform({ type: 'status.change', to: 'draft' });
    if (result.ok) {
      void navigate(planAddress(webRoutes.plan, planId));
    }
  };
  const actions: BarAction[] = [];
  if (can.revertToDraft) {
    actions.push({ label: messages.plans.actions.revertToDraft, onSelect: () => void revert() });
  }
  if (can.share && owner) {
    actions.push({
      label: messages.plans.actions.sharePlan,
      icon: <ShareIcon size={18} />,
      onSelect: () => void sharing.share({ title: plan.title, ownerUsername: owner.username }),
    });
  }
  if (can.share && session.role === 'owner') {
    actions.push({
      label: planShareMessages.resetLink,
      variant: 'ghost',
      onSelect: () => setResettingLink(true),
    });
  }
  if (can.share) {
    actions.push({ label: planLiveMessages.addToCalendar, onSelect: () => downloadPlanCalendar(plan) });
  }
  if (can.delete) {
    actions.push({
      label: messages.plans.actions.delete,
      variant: 'ghost',
      onSelect: () => setDeleting(true),
    });
  }
  // A draft shown here (a co-editor reverted it meanwhile) is edited in the editor, as it is.
  const primary = can.complete ? (
    <Button onClick={() => setPublishing(true)}>{messages.plans.actions.dateCompleted}</Button>
  ) : plan.status === 'draft' ? (
    <ButtonLink to={planAddress(webRoutes.plan, planId)}>{messages.plans.actions.editPlan}</ButtonLink>
  ) : undefined;

  return (
    <Page title={plan.title || TITLE} className="plan-page">
      <PlanHeading plan={plan} session={session} />
      {publishedDateId && (
        <ButtonLink variant="secondary" to={webRoutes.date(publishedDateId)}>
          View Date
        </ButtonLink>
      )}
      <div className="plan-layout">
        <div className="plan-layout__main">
          <PlanTimeline rows={rows} plan={plan} unscheduledTitle="Additional ideas" />
        </div>
        <div className="plan-layout__side">
          <BudgetSummary plan={plan} />
        </div>
      </div>
      <div className="plan-actions">
        <ActionBar label="Plan actions" menuLabel="More plan actions" primary={primary} actions={actions} />
      </div>
      {deleting && <DeletePlanDialog session={session} onCancel={() => setDeleting(false)} />}
      {resettingLink && <ResetShareLinkDialog planId={planId} onClose={() => setResettingLink(false)} />}
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
