import { isScheduled } from './plan-timeline';

interface Slot {
  ref: string;
  beginsAt: string | null;
  endsAt: string | null;
  deleted?: boolean;
}

/**
 * The scheduled rows whose times overlap another's: 'Time conflicts detected' is shown while any
 * exist. Derived on every change, never stored (design: Operations). One row ending as the next
 * begins is back to back, not a conflict. A plan has at most 50 rows, so every pair is compared.
 */
export function conflictingRefs(entries: readonly Slot[]): Set<string> {
  const slots = entries
    .filter((entry) => entry.deleted !== true && isScheduled(entry))
    .map((entry) => ({
      ref: entry.ref,
      begin: Date.parse(entry.beginsAt ?? ''),
      end: Date.parse(entry.endsAt ?? ''),
    }));
  const conflicting = new Set<string>();
  slots.forEach((a, index) => {
    for (const b of slots.slice(index + 1)) {
      if (a.begin < b.end && b.begin < a.end) {
        conflicting.add(a.ref).add(b.ref);
      }
    }
  });
  return conflicting;
}
