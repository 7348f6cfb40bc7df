import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@datebook/contracts';
import { FormMessage } from '@/ui/feedback/form-message';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { FormFooter } from '@/ui/layout/form-footer';
import { fetchCollaboratorChoices } from '../api';
import type { PlanSession } from '../hooks/use-plan';
import { planKeys } from '../query-keys';

/**
 * The owner picks members they follow (the api's collaborator choices; admins are never offered).
 * Inviting makes a draft prepared. The dialog stays open with the alert when the invite is refused.
 */
export function InviteDialog({
  planId,
  session,
  onClose,
}: {
  planId: string;
  session: PlanSession;
  onClose: () => void;
}) {
  const choices = useQuery({
    queryKey: planKeys.choices(planId),
    queryFn: ({ signal }) => fetchCollaboratorChoices(planId, signal).then((list) => list.items),
    staleTime: 0,
  });
  const [picked, setPicked] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const invited = new Set(session.plan?.collaboratorIds ?? []);

  const send = async () => {
    if (sending || picked.length === 0) {
      return;
    }
    setSending(true);
    setError(undefined);
    const result = await session.perform(
      { type: 'collaborator.invite', userIds: picked },
      { facts: { invitable: picked }, quiet: true },
    );
    setSending(false);
    if (result.ok) {
      onClose();
    } else {
      setError(result.alert);
    }
  };

  return (
    <Dialog
      title="Invite collaborators"
      description="Invite people you follow to plan with you."
      onClose={onClose}
    >
      <div className="plan-dialog">
        {choices.isPending ? (
          <p role="status">{messages.loading.generic}</p>
        ) : choices.isError ? (
          <FormMessage tone="error">{choices.error.message}</FormMessage>
        ) : choices.data.length === 0 ? (
          <p className="plan-section__empty">Follow people to invite them to your plans.</p>
        ) : (
          <fieldset className="plan-dialog__choices">
            <legend className="visually-hidden">People you follow</legend>
            {choices.data.map((choice) => {
              const already = choice.invited || invited.has(choice.id);
              return (
                <CheckboxField
                  key={choice.id}
                  label={`${choice.name} (@${choice.username})`}
                  hint={already ? 'Invited' : undefined}
                  disabled={already}
                  checked={already || picked.includes(choice.id)}
                  onChange={(event) =>
                    setPicked((current) =>
                      event.target.checked
                        ? [...current, choice.id]
                        : current.filter((id) => id !== choice.id),
                    )
                  }
                />
              );
            })}
          </fieldset>
        )}
        <FormFooter
          error={error}
          onCancel={onClose}
          actionLabel="Send Invite"
          pending={sending}
          disabled={picked.length === 0}
          onAction={() => void send()}
        />
      </div>
    </Dialog>
  );
}
