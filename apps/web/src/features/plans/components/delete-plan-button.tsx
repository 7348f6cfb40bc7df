import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages, webRoutes } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import type { PlanSession } from '../hooks/use-plan';

/**
 * Delete the plan: the owner confirms and it goes; anyone else is told only the owner can (spec
 * section 8: 'Only the plan owner can delete this planned date.').
 */
export function DeletePlanButton({ session }: { session: PlanSession }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
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
    <>
      <Button
        variant="ghost"
        onClick={() =>
          session.role === 'owner' ? setConfirming(true) : toast.error(messages.plans.onlyOwnerCanDelete)
        }
      >
        {messages.plans.actions.delete}
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Delete this planned date?"
          message="The plan and its timeline are deleted for you and your collaborators."
          confirmLabel={messages.plans.actions.delete}
          pending={sending}
          error={error}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
