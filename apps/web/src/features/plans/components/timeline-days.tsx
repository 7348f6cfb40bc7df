import { useId, type ReactNode } from 'react';
import { timelineDayLabel, timelineDays } from '@datebook/domain';
import { PlanRowItem, type PlanRowFace } from './plan-row-item';

interface TimelineDaysProps<R extends PlanRowFace> {
  /** Scheduled rows, in any order. */
  rows: readonly R[];
  /** The plan's day and zone: rows are placed on days of the plan's clock. */
  plan: { date: string | null; timeZone: string };
  rowKey: (row: R, index: number) => string | number;
  /** Each row's conflict flag, controls and note, as PlanRowItem takes them. */
  conflict?: (row: R) => boolean;
  actions?: (row: R) => ReactNode;
  note?: (row: R) => ReactNode;
}

/**
 * The scheduled rows as one list named 'Timeline' while they all fall on the plan's date, or one
 * list per day under that day's name (design: Time), so a row on another day never reads as if it
 * were on the plan's.
 */
export function TimelineDays<R extends PlanRowFace>({
  rows,
  plan,
  rowKey,
  conflict,
  actions,
  note,
}: TimelineDaysProps<R>) {
  const headingId = useId();
  const { days, named } = timelineDays(rows, plan);
  const items = (entries: readonly R[]) =>
    entries.map((row, index) => (
      <PlanRowItem
        key={rowKey(row, index)}
        row={row}
        timeZone={plan.timeZone}
        conflict={conflict?.(row) ?? false}
        actions={actions}
        note={note}
      />
    ));
  if (!named) {
    return (
      <ol className="plan-rows" aria-label="Timeline">
        {items(days.flatMap((day) => day.entries))}
      </ol>
    );
  }
  return days.map((day) => (
    <div className="plan-day" key={day.day}>
      <h3 className="plan-day__heading" id={`${headingId}-${day.day}`}>
        {timelineDayLabel(day.day)}
      </h3>
      <ol className="plan-rows" aria-labelledby={`${headingId}-${day.day}`}>
        {items(day.entries)}
      </ol>
    </div>
  ));
}
