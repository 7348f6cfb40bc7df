import { useState } from 'react';
import type { PostDraft } from '../draft/post-draft';
import { validateDraft, type DraftErrors, type DraftField } from '../draft/validate-draft';

/**
 * The details step's messages. A check flags the fields that fail it; from then on each flagged
 * field is checked again on every change, so its message goes as soon as the field is fixed (and
 * comes back if it is broken again). Fields never flagged stay quiet while the member fills them in.
 */
export function useDraftErrors(draft: PostDraft, checkOnArrival: boolean) {
  const [flagged, setFlagged] = useState<readonly DraftField[]>(() =>
    checkOnArrival ? failingFields(validateDraft(draft)) : [],
  );
  const current = validateDraft(draft);
  const errors: DraftErrors = {};
  for (const field of flagged) {
    if (current[field]) {
      errors[field] = current[field];
    }
  }
  /** Flags the fields that fail now; true when none does. */
  const check = (): boolean => {
    const failing = failingFields(current);
    setFlagged(failing);
    return failing.length === 0;
  };
  return { errors, check };
}

function failingFields(errors: DraftErrors): DraftField[] {
  return (Object.keys(errors) as DraftField[]).filter((field) => errors[field]);
}
