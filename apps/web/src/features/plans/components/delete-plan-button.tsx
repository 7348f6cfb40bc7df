import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages, webRoutes } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import type { PlanSession } from '../hooks/use-plan';

/** The owner confirms, and the plan goes; offered only to the owner (`planActionsFor`). */
export function DeletePlanDialog({ session, onCancel }: { session: PlanSession; onCancel: () => void }) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();

  const remove = async () => {
    setSending(true);
    setError(undefined);
    const result = await session.perform({ type: 'plan.delete' }, { quiet: true });
    setSending(false);
    if (result.ok) {
      void navigate(webRoutes.savedPlanned, { replace: true });
    } else {
      setError(result.alert);
    }
  };

  return (
    <ConfirmDialog
      title="Delete this planned date?"
      message="The plan and its timeline are deleted for you and your collaborators."
      confirmLabel={messages.plans.actions.delete}
      pending={sending}
      error={error}
      onConfirm={() => void remove()}
      onCancel={onCancel}
    />
  );
}

export function DeletePlanButton({ session }: { session: PlanSession }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        {messages.plans.actions.delete}
      </Button>
      {confirming && <DeletePlanDialog session={session} onCancel={() => setConfirming(false)} />}
    </>
  );
}
