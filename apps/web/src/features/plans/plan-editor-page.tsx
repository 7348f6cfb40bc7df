import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages, planMessages, webRoutes } from '@datebook/contracts';
import { planActionsFor } from '@datebook/domain';
import { isNumericId } from '@/lib/ids';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { PlusIcon } from '@/ui/icons/icons';
import { Page } from '@/ui/layout/page';
import { AddActivityDialog } from './components/add-activity-dialog';
import { AddToCalendarButton } from './components/add-to-calendar-button';
import { BudgetSummary } from './components/budget-summary';
import { CustomRowDialog } from './components/custom-row-dialog';
import { DeletePlanButton } from './components/delete-plan-button';
import { NewPlanForm } from './components/new-plan-form';
import { PlanFields } from './components/plan-fields';
import { EditingNote } from './components/editing-note';
import { PlanHeading } from './components/plan-heading';
import { PlanLiveTools } from './components/plan-live-tools';
import { PlanPeople } from './components/plan-people';
import { PlanNotFoundPage, PlanUnavailablePage } from './components/plan-states';
import { PlanTimeline } from './components/plan-timeline';
import { TimePickerDialog } from './components/time-picker-dialog';
import { usePlan } from './hooks/use-plan';
import { usePlanPresence } from './hooks/use-plan-presence';
import { useUndoShortcut } from './hooks/use-undo-shortcut';
import { planAddress } from './plan-address';
import { planRows, type PlanRow } from './plan-format';
import './plans.css';

/** Until the plan has a title: then the heading is the plan's own. */
const TITLE = 'Plan a Date';

/**
 * /plan: a new plan (title and date), or with `?id=` the plan editor (spec section 2): status
 * badge, title, date, Invite, lock toggle, the timeline and the unscheduled rows, Add Activity;
 * live: who else is here and what they are editing, the connection, Undo and History.
 */
export function PlanEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id === null) {
    return (
      <Page title={TITLE} className="plan-page plan-page--narrow">
        <NewPlanForm />
      </Page>
    );
  }
  if (!isNumericId(id)) {
    return <PlanNotFoundPage title={TITLE} />;
  }
  return <PlanEditor key={id} planId={id} />;
}

function PlanEditor({ planId }: { planId: string }) {
  const session = usePlan(planId);
  const presence = usePlanPresence(planId);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [timing, setTiming] = useState<PlanRow | null>(null);
  const [editing, setEditing] = useState<PlanRow | null>(null);
  useUndoShortcut(session.undo, session.phase === 'ready');
  const plan = session.plan;
  if (!plan || session.phase !== 'ready') {
    return <PlanUnavailablePage title={TITLE} session={session} />;
  }

  const editable = plan.status !== 'completed';
  const can = planActionsFor(session.role, plan.status, plan.locked);
  const rows = planRows(plan.activities);
  const { perform } = session;
  const prepare = async () => {
    const result = await perform({ type: 'status.change', to: 'prepared' });
    if (result.ok) {
      void navigate(planAddress(webRoutes.planPreview, planId));
    }
  };
  const rowActions = (row: PlanRow) => (
    <>
      {row.status === 'unscheduled' && (
        <Button
          variant="secondary"
          aria-label={`${messages.plans.actions.schedule} ${row.title}`}
          onClick={() => void perform({ type: 'activity.schedule', ref: row.ref })}
        >
          {messages.plans.actions.schedule}
        </Button>
      )}
      {(plan.status === 'prepared' || row.status === 'scheduled') && (
        <Button variant="ghost" aria-label={`Set time of ${row.title}`} onClick={() => setTiming(row)}>
          Set time
        </Button>
      )}
      {row.isCustom && (
        <Button variant="ghost" aria-label={`Edit ${row.title}`} onClick={() => setEditing(row)}>
          Edit
        </Button>
      )}
      <Button
        variant="ghost"
        aria-label={`Delete ${row.title}`}
        onClick={() => void perform({ type: 'activity.remove', ref: row.ref })}
      >
        Delete
      </Button>
    </>
  );

  return (
    <Page title={plan.title || TITLE} className="plan-page">
      <PlanHeading plan={plan} session={session} />
      <PlanLiveTools planId={planId} session={session} presence={presence} />
      {!editable && (
        <p className="plan-note" role="status">
          {planMessages.readOnly}
        </p>
      )}
      {session.publishedDateId && (
        <ButtonLink variant="secondary" to={webRoutes.date(session.publishedDateId)}>
          View Date
        </ButtonLink>
      )}
      <div className="plan-layout">
        <div className="plan-layout__main">
          <PlanFields plan={plan} session={session} presence={presence} editable={editable} />
          <PlanTimeline
            rows={rows}
            plan={plan}
            unscheduledTitle="Unscheduled"
            actions={editable ? rowActions : undefined}
            note={(row) => <EditingNote presence={presence} target={{ ref: row.ref }} />}
          />
          <div className="plan-actions">
            {editable && (
              <Button variant="secondary" onClick={() => setAdding(true)}>
                <PlusIcon size={18} />
                {messages.plans.actions.addActivity}
              </Button>
            )}
            {can.prepare && (
              <Button onClick={() => void prepare()}>{messages.plans.actions.prepareDate}</Button>
            )}
            {plan.status !== 'draft' && (
              <ButtonLink variant="secondary" to={planAddress(webRoutes.planPreview, planId)}>
                Preview
              </ButtonLink>
            )}
            {plan.status !== 'draft' && <AddToCalendarButton plan={plan} />}
            {can.delete && <DeletePlanButton session={session} />}
          </div>
        </div>
        <div className="plan-layout__side">
          <PlanPeople plan={plan} session={session} />
          <BudgetSummary plan={plan} />
        </div>
      </div>
      {adding && <AddActivityDialog session={session} onClose={() => setAdding(false)} />}
      {timing && (
        <TimePickerDialog
          row={timing}
          plan={plan}
          session={session}
          presence={presence}
          onClose={() => setTiming(null)}
        />
      )}
      {editing && (
        <CustomRowDialog
          row={editing}
          session={session}
          presence={presence}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
