import type { ReactNode } from 'react';
import { messages } from '@datebook/contracts';
import { conflictingRefs, splitTimeline } from '@datebook/domain';
import { AlertIcon } from '@/ui/icons/icons';
import type { PlanRow } from '../plan-format';
import { PlanRowItem } from './plan-row-item';
import { TimelineDays } from './timeline-days';

interface PlanTimelineProps {
  rows: readonly PlanRow[];
  /** The plan's day and zone: times read on its clock, grouped by its days. */
  plan: { date: string | null; timeZone: string };
  /** The heading of the unscheduled rows: 'Unscheduled' in the editor, 'Additional ideas' in the preview. */
  unscheduledTitle: string;
  /** Each row's controls, by the plan's status and the member's role. */
  actions?: (row: PlanRow) => ReactNode;
  /** What is said about a row now, such as who else is editing it. */
  note?: (row: PlanRow) => ReactNode;
}

/**
 * The timeline of scheduled rows sorted by start time (by day when they span days), then the
 * unscheduled ones, with 'Time
 * conflicts detected' whenever scheduled rows overlap — recomputed from the rows on every render,
 * so every viewer sees it as soon as the change reaches them.
 */
export function PlanTimeline({ rows, plan, unscheduledTitle, actions, note }: PlanTimelineProps) {
  const { scheduled, unscheduled } = splitTimeline(rows);
  const conflicts = conflictingRefs(rows);
  return (
    <>
      {conflicts.size > 0 && (
        <p className="plan-warning" role="status">
          <AlertIcon size={18} />
          {messages.plans.timeConflicts}
        </p>
      )}
      <section className="plan-section" aria-labelledby="plan-timeline">
        <h2 id="plan-timeline">Timeline</h2>
        {scheduled.length === 0 ? (
          <p className="plan-section__empty">Nothing scheduled yet.</p>
        ) : (
          <TimelineDays
            rows={scheduled}
            plan={plan}
            rowKey={(row) => row.ref}
            conflict={(row) => conflicts.has(row.ref)}
            actions={actions}
            note={note}
          />
        )}
      </section>
      <section className="plan-section" aria-labelledby="plan-unscheduled">
        <h2 id="plan-unscheduled">{unscheduledTitle}</h2>
        {unscheduled.length === 0 ? (
          <p className="plan-section__empty">Nothing here yet.</p>
        ) : (
          <ul className="plan-rows" aria-label={unscheduledTitle}>
            {unscheduled.map((row) => (
              <PlanRowItem
                key={row.ref}
                row={row}
                timeZone={plan.timeZone}
                conflict={false}
                actions={actions}
                note={note}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
