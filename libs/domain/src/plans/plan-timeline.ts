/* The order and lengths of a plan's rows (spec section 3: sorted by start, those without one last). */

interface Timed {
  beginsAt: string | null;
  endsAt: string | null;
}

const MINUTE_MS = 60_000;

/** Scheduled exactly when both times are set (spec section 4). */
export function isScheduled(entry: Timed): boolean {
  return entry.beginsAt !== null && entry.endsAt !== null;
}

/** 'Activity date cannot end before beginning time.': ending exactly when it begins is allowed. */
export function endsBeforeBeginning(entry: Timed): boolean {
  return (
    entry.beginsAt !== null && entry.endsAt !== null && Date.parse(entry.endsAt) < Date.parse(entry.beginsAt)
  );
}

/** Whole minutes from begin to end; null unless both are set. */
export function durationMinutes(entry: Timed): number | null {
  if (entry.beginsAt === null || entry.endsAt === null) {
    return null;
  }
  return Math.round((Date.parse(entry.endsAt) - Date.parse(entry.beginsAt)) / MINUTE_MS);
}

/**
 * Rows by start time, rows without a start last; rows that start together (and all untimed rows)
 * keep the order they came in, so the list does not reshuffle as people edit.
 */
export function sortTimeline<T extends Pick<Timed, 'beginsAt'>>(entries: readonly T[]): T[] {
  const start = (entry: T): number => (entry.beginsAt === null ? Infinity : Date.parse(entry.beginsAt));
  return [...entries].sort((a, b) => {
    const [left, right] = [start(a), start(b)];
    return left === right ? 0 : left < right ? -1 : 1;
  });
}

/** The editor's two lists: the timeline of scheduled rows, and the unscheduled rest, each sorted. */
export function splitTimeline<T extends Timed>(entries: readonly T[]): { scheduled: T[]; unscheduled: T[] } {
  const sorted = sortTimeline(entries);
  return {
    scheduled: sorted.filter(isScheduled),
    unscheduled: sorted.filter((entry) => !isScheduled(entry)),
  };
}
