import { CheckboxField } from '@/ui/inputs/checkbox-field';
import { TextField } from '@/ui/inputs/text-field';
import type { PostDraft } from '../draft/post-draft';
import { ConnectedActivitiesField } from './connected-activities-field';

interface DateFieldsProps {
  draft: PostDraft;
  onChange: (change: (draft: PostDraft) => PostDraft) => void;
}

/** The fields only a date has: its day, linked activities, privacy and comments. */
export function DateFields({ draft, onChange }: DateFieldsProps) {
  return (
    <>
      <TextField
        label="Date"
        type="date"
        optional
        value={draft.dateOf}
        onChange={(event) => onChange((current) => ({ ...current, dateOf: event.target.value }))}
      />
      <ConnectedActivitiesField
        value={draft.connectedActivities}
        onChange={(connectedActivities) => onChange((current) => ({ ...current, connectedActivities }))}
      />
      <CheckboxField
        label="Private Post"
        hint="Only you will see it."
        checked={draft.isPrivate}
        onChange={(event) => onChange((current) => ({ ...current, isPrivate: event.target.checked }))}
      />
      <CheckboxField
        label="Allow comments"
        checked={draft.allowComments}
        onChange={(event) => onChange((current) => ({ ...current, allowComments: event.target.checked }))}
      />
    </>
  );
}
