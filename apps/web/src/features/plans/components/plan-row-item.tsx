import type { ReactNode } from 'react';
import type { SharedPlanEntry } from '@datebook/contracts';
import { ClockIcon } from '@/ui/icons/icons';
import { MapPinIcon } from '@/ui/icons/action-icons';
import { durationLabel, timeLabel } from '../plan-format';

/** What a row shows: the editor's rows and a shared plan's entries alike. */
export type PlanRowFace = Pick<
  SharedPlanEntry,
  'title' | 'imageUrl' | 'beginsAt' | 'endsAt' | 'durationMinutes' | 'location'
>;

interface PlanRowItemProps<R extends PlanRowFace> {
  row: R;
  /** Its time overlaps another scheduled row's. */
  conflict?: boolean;
  /** The row's controls, by the plan's status and the member's role. */
  actions?: (row: R) => ReactNode;
  /** What is said about the row now, such as who else is editing it. */
  note?: (row: R) => ReactNode;
}

/** One activity of a plan's timeline, as the editor, the preview and the shared page list it. */
export function PlanRowItem<R extends PlanRowFace>({
  row,
  conflict = false,
  actions,
  note,
}: PlanRowItemProps<R>) {
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
