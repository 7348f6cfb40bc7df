import { POST_LIMITS, postMessages } from '@datebook/contracts';

export type ChipField = 'tags' | 'equipment';

const LIMITS = {
  tags: { max: POST_LIMITS.tags, tooMany: postMessages.tooManyTags },
  equipment: { max: POST_LIMITS.equipment, tooMany: postMessages.tooManyEquipment },
} as const;

/**
 * The chips after an edit, as far as the api's limits allow: of the chips added, one too long is
 * refused, and so are those past the maximum; `problem` says why. Removing is always allowed.
 */
export function limitChips(
  previous: readonly string[],
  next: readonly string[],
  field: ChipField,
): { chips: string[]; problem: string | undefined } {
  if (next.length <= previous.length) {
    return { chips: [...next], problem: undefined };
  }
  const added = next.slice(previous.length);
  const fitting = added.filter((chip) => chip.length <= POST_LIMITS.chip);
  const kept = fitting.slice(0, Math.max(LIMITS[field].max - previous.length, 0));
  let problem: string | undefined;
  if (fitting.length < added.length) {
    problem = postMessages.chipTooLong;
  } else if (kept.length < fitting.length) {
    problem = LIMITS[field].tooMany;
  }
  return { chips: [...previous, ...kept], problem };
}
