import { wallTimeIn } from './zoned-time';

/*
 * The order and lengths of a plan's rows (spec section 3: sorted by start, those without one last),
 * and their days on the plan's clock (design: Time).
 */

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

export interface TimelineDay<T> {
  /** 'YYYY-MM-DD' on the plan's clock. */
  day: string;
  entries: T[];
}

/**
 * Scheduled rows by the day they begin on the plan's clock, days in order. `named` says whether the
 * screens head each day with its name: when the rows span more than one day, or their one day is
 * not the plan's date, so no row on another day reads as if it were on the plan's.
 */
export function timelineDays<T extends Timed>(
  scheduled: readonly T[],
  plan: { date: string | null; timeZone: string },
): { days: TimelineDay<T>[]; named: boolean } {
  const days: TimelineDay<T>[] = [];
  for (const entry of sortTimeline(scheduled)) {
    if (entry.beginsAt === null) {
      continue;
    }
    const day = wallTimeIn(entry.beginsAt, plan.timeZone).day;
    const last = days.at(-1);
    if (last?.day === day) {
      last.entries.push(entry);
    } else {
      days.push({ day, entries: [entry] });
    }
  }
  const named = days.length > 1 || (days.length === 1 && plan.date !== null && days[0]?.day !== plan.date);
  return { days, named };
}
