import {
  BUDGETS,
  isSiteSpecific,
  LOCATION_TYPES,
  messages,
  MOODS,
  TIME_REQUIRED,
  type LocationType,
} from '@datebook/contracts';
import { CategorySelect } from '@/features/posts';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { withLocationType, type PostDraft } from '../draft/post-draft';
import type { DraftErrors } from '../draft/validate-draft';
import { LimitedChipInput } from '@/ui/inputs/limited-chip-input';

interface ActivityFieldsProps {
  draft: PostDraft;
  onChange: (change: (draft: PostDraft) => PostDraft) => void;
  errors: DraftErrors;
}

/** The fields only an activity has: category, mood, budget, time, location and what to bring. */
export function ActivityFields({ draft, onChange, errors }: ActivityFieldsProps) {
  return (
    <>
      <CategorySelect
        appliesTo="activity"
        value={draft.categoryId}
        onChange={(categoryId) => onChange((current) => ({ ...current, categoryId }))}
        error={errors.categoryId}
      />
      <SelectField
        label="Mood"
        optional
        placeholder={messages.inputs.choose}
        options={MOODS}
        value={draft.mood}
        onChange={(event) =>
          onChange((current) => ({ ...current, mood: event.target.value as PostDraft['mood'] }))
        }
      />
      <SelectField
        label="Budget"
        placeholder={messages.inputs.choose}
        options={BUDGETS}
        value={draft.budget}
        onChange={(event) =>
          onChange((current) => ({ ...current, budget: event.target.value as PostDraft['budget'] }))
        }
        error={errors.budget}
      />
      <SelectField
        label="Time required"
        placeholder={messages.inputs.choose}
        options={TIME_REQUIRED}
        value={draft.timeRequired}
        onChange={(event) =>
          onChange((current) => ({
            ...current,
            timeRequired: event.target.value as PostDraft['timeRequired'],
          }))
        }
        error={errors.timeRequired}
      />
      <SelectField
        label="Location type"
        options={LOCATION_TYPES}
        value={draft.locationType}
        onChange={(event) =>
          onChange((current) => withLocationType(current, event.target.value as LocationType))
        }
      />
      {isSiteSpecific(draft.locationType) && (
        <TextField
          label="Address"
          value={draft.location}
          onChange={(event) => onChange((current) => ({ ...current, location: event.target.value }))}
          error={errors.location}
        />
      )}
      <LimitedChipInput
        label="What you need"
        field="equipment"
        values={draft.equipment}
        unique={false}
        onChange={(equipment) => onChange((current) => ({ ...current, equipment }))}
        error={errors.equipment}
      />
    </>
  );
}
