import { useState, type FormEvent } from 'react';
import { messages } from '@datebook/contracts';
import { planActionsFor, type PlanState } from '@datebook/domain';
import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import type { PlanSession } from '../hooks/use-plan';
import type { PlanPresence } from '../hooks/use-plan-presence';
import { TitleChangedWhileTyping } from './title-changed-while-typing';
import { EditingNote } from './editing-note';

const TITLE = 'plan.title';

interface PlanFieldsProps {
  plan: PlanState;
  session: PlanSession;
  presence: PlanPresence;
  /** False on a completed plan: everything is read-only. */
  editable: boolean;
}

/** Every zone the browser knows; Chromium's list lacks 'UTC', which plans made without a zone have. */
const BROWSER_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

/** The plan's own zone stays a choice even where this browser does not list it. */
function zoneChoices(current: string): string[] {
  return [...new Set([current, ...BROWSER_ZONES])];
}

/**
 * The plan's title, date and time zone, and the owner's lock over them while the plan is prepared.
 * The title is sent on Enter or when the field is left; what was typed stays in the field until the
 * server has it, so a refusal loses nothing. Others see which of the two this member is typing in.
 * While they type, the field shows their text, not what arrives: a title someone else sets
 * meanwhile is shown under it, and sending theirs is compared with the title they saw before typing.
 */
export function PlanFields({ plan, session, presence, editable }: PlanFieldsProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string>();
  const readOnly = !editable || plan.locked;
  const canLock = planActionsFor(session.role, plan.status, plan.locked).lock;

  const commitTitle = async () => {
    if (draft === null) {
      return;
    }
    const title = draft.trim();
    if (title === '') {
      setTitleError(messages.plans.addTitleBeforeSaving);
      return;
    }
    if (title === plan.title) {
      setDraft(null);
      session.stopTyping(TITLE);
      return;
    }
    const result = await session.perform(
      { type: 'plan.update', field: 'title', value: title },
      // From here the pending edit itself stands for what the member saw.
      { onQueued: () => session.stopTyping(TITLE) },
    );
    if (result.ok) {
      setDraft((current) => (current === draft ? null : current));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void commitTitle();
  };

  return (
    <form className="plan-fields" onSubmit={submit} noValidate>
      <TextField
        label="Title"
        value={draft ?? plan.title}
        maxLength={80}
        readOnly={readOnly}
        error={titleError}
        onChange={(event) => {
          session.startTyping(TITLE);
          setDraft(event.target.value);
          setTitleError(undefined);
        }}
        onKeyDown={(event) => {
          // The form has two fields and no submit button, so browsers do not submit it on Enter.
          if (event.key === 'Enter') {
            event.preventDefault();
            void commitTitle();
          }
        }}
        onFocus={() => presence.focus({ field: 'title' })}
        onBlur={() => {
          presence.focus(null);
          void commitTitle();
        }}
      />
      <TitleChangedWhileTyping change={session.changedWhileTyping.get(TITLE)} />
      <EditingNote presence={presence} target={{ field: 'title' }} />
      <TextField
        label="Date"
        type="date"
        optional
        readOnly={readOnly}
        value={plan.date ?? ''}
        onFocus={() => presence.focus({ field: 'date' })}
        onBlur={() => presence.focus(null)}
        onChange={(event) =>
          void session.perform({ type: 'plan.update', field: 'date', value: event.target.value || null })
        }
      />
      <EditingNote presence={presence} target={{ field: 'date' }} />
      <SelectField
        label="Time zone"
        options={zoneChoices(plan.timeZone)}
        value={plan.timeZone}
        disabled={readOnly}
        onChange={(event) =>
          void session.perform({ type: 'plan.update', field: 'timeZone', value: event.target.value })
        }
      />
      {canLock && (
        <CheckboxField
          variant="switch"
          label="Lock title and date"
          checked={plan.locked}
          onChange={(event) => void session.perform({ type: 'plan.lock', locked: event.target.checked })}
        />
      )}
      {plan.locked && !canLock && <p className="plan-fields__note">The title and date are locked.</p>}
    </form>
  );
}
