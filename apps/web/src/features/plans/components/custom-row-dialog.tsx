import { useEffect, useState, type FormEvent } from 'react';
import { PLAN_LIMITS, planMessages } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import { TextAreaField } from '@/ui/inputs/textarea-field';
import { TextField } from '@/ui/inputs/text-field';
import { Dialog } from '@/ui/layout/dialog/dialog';
import type { PlanSession } from '../hooks/use-plan';
import type { PlanPresence } from '../hooks/use-plan-presence';
import { useTypingIn } from '../hooks/use-typing-in';
import type { PlanRow } from '../plan-format';
import { EditingNote } from './editing-note';

/**
 * Edits a custom row's location and details. Only the fields the member changed from what the
 * dialog opened with are sent, so someone else's edit of the other field is kept, and replacing
 * an edit made to the same field since it opened is told; others see which field this member is
 * typing in.
 */
export function CustomRowDialog({
  row,
  session,
  presence,
  onClose,
}: {
  row: PlanRow;
  session: PlanSession;
  presence: PlanPresence;
  onClose: () => void;
}) {
  const [opened] = useState(() => ({ location: row.customLocation ?? '', details: row.customDetails ?? '' }));
  const [location, setLocation] = useState(opened.location);
  const [details, setDetails] = useState(opened.details);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const { focus } = presence;
  useEffect(() => () => focus(null), [focus]);
  useTypingIn(session, [`customLocation:${row.ref}`, `customDetails:${row.ref}`]);

  const changedLocation = location.trim() !== opened.location ? location : undefined;
  const changedDetails = details.trim() !== opened.details ? details : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) {
      return;
    }
    if (changedLocation === undefined && changedDetails === undefined) {
      setError(planMessages.editNothing);
      return;
    }
    setSending(true);
    const result = await session.perform(
      { type: 'activity.edit', ref: row.ref, customLocation: changedLocation, customDetails: changedDetails },
      { quiet: true, onQueued: onClose },
    );
    setSending(false);
    if (!result.ok) {
      setError(result.alert);
    }
  };

  return (
    <Dialog title="Edit activity" description={row.title} onClose={onClose}>
      <form className="plan-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Location"
          optional
          value={location}
          maxLength={PLAN_LIMITS.customLocation}
          onFocus={() => focus({ ref: row.ref, field: 'location' })}
          onBlur={() => focus(null)}
          onChange={(event) => {
            setLocation(event.target.value);
            setError(undefined);
          }}
        />
        <EditingNote presence={presence} target={{ ref: row.ref, field: 'location' }} />
        <TextAreaField
          label="Details"
          optional
          value={details}
          maxLength={PLAN_LIMITS.customDetails}
          onFocus={() => focus({ ref: row.ref, field: 'details' })}
          onBlur={() => focus(null)}
          onChange={(event) => {
            setDetails(event.target.value);
            setError(undefined);
          }}
        />
        <EditingNote presence={presence} target={{ ref: row.ref, field: 'details' }} />
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="plan-dialog__actions">
          <Button type="submit" pending={sending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
