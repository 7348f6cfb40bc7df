import type { ReactNode } from 'react';
import { messages } from '@datebook/contracts';
import { conflictingRefs, splitTimeline } from '@datebook/domain';
import { AlertIcon, ClockIcon } from '@/ui/icons/icons';
import { MapPinIcon } from '@/ui/icons/action-icons';
import { durationLabel, timeLabel, type PlanRow } from '../plan-format';

interface PlanTimelineProps {
  rows: readonly PlanRow[];
  /** The heading of the unscheduled rows: 'Unscheduled' in the editor, 'Additional ideas' in the preview. */
  unscheduledTitle: string;
  /** Each row's controls, by the plan's status and the member's role. */
  actions?: (row: PlanRow) => ReactNode;
  /** What is said about a row now, such as who else is editing it. */
  note?: (row: PlanRow) => ReactNode;
}

/**
 * The timeline of scheduled rows sorted by start time, then the unscheduled ones, with 'Time
 * conflicts detected' whenever scheduled rows overlap — recomputed from the rows on every render,
 * so every viewer sees it as soon as the change reaches them.
 */
export function PlanTimeline({ rows, unscheduledTitle, actions, note }: PlanTimelineProps) {
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
          <ol className="plan-rows" aria-label="Timeline">
            {scheduled.map((row) => (
              <PlanRowItem
                key={row.ref}
                row={row}
                conflict={conflicts.has(row.ref)}
                actions={actions}
                note={note}
              />
            ))}
          </ol>
        )}
      </section>
      <section className="plan-section" aria-labelledby="plan-unscheduled">
        <h2 id="plan-unscheduled">{unscheduledTitle}</h2>
        {unscheduled.length === 0 ? (
          <p className="plan-section__empty">Nothing here yet.</p>
        ) : (
          <ul className="plan-rows" aria-label={unscheduledTitle}>
            {unscheduled.map((row) => (
              <PlanRowItem key={row.ref} row={row} conflict={false} actions={actions} note={note} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function PlanRowItem({
  row,
  conflict,
  actions,
  note,
}: {
  row: PlanRow;
  conflict: boolean;
  actions: PlanTimelineProps['actions'];
  note: PlanTimelineProps['note'];
}) {
  return (
    <li className={conflict ? 'plan-row plan-row--conflict' : 'plan-row'} aria-label={row.title}>
      {row.imageUrl && <img className="plan-row__image" src={row.imageUrl} alt="" loading="lazy" />}
      <div className="plan-row__body">
        <h3 className="plan-row__title">{row.title}</h3>
        {row.beginsAt && row.endsAt && (
          <p className="plan-row__time">
            <ClockIcon size={16} />
            <span>
              {timeLabel(row.beginsAt)} – {timeLabel(row.endsAt)}
            </span>
            {row.durationMinutes !== null && (
              <span className="plan-row__duration">({durationLabel(row.durationMinutes)})</span>
            )}
          </p>
        )}
        {row.location && (
          <p className="plan-row__location">
            <MapPinIcon size={16} />
            <span>{row.location}</span>
          </p>
        )}
        {note?.(row)}
      </div>
      {actions && <div className="plan-row__actions">{actions(row)}</div>}
    </li>
  );
}
