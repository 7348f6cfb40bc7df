import type { ReactNode } from 'react';
import type { SharedPlanEntry } from '@datebook/contracts';
import { ClockIcon } from '@/ui/icons/icons';
import { MapPinIcon } from '@/ui/icons/action-icons';
import { durationLabel, timeLabel, zoneLabel } from '../plan-format';

/** What a row shows: the editor's rows and a shared plan's entries alike. */
export type PlanRowFace = Pick<
  SharedPlanEntry,
  'title' | 'imageUrl' | 'beginsAt' | 'endsAt' | 'durationMinutes' | 'location'
>;

interface PlanRowItemProps<R extends PlanRowFace> {
  row: R;
  /** The plan's IANA zone: times read on its clock for every viewer. */
  timeZone: string;
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
  timeZone,
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
              {timeLabel(row.beginsAt, timeZone)} – {timeLabel(row.endsAt, timeZone)}
            </span>
            <ZoneLabel instant={row.beginsAt} timeZone={timeZone} />
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

/** The plan zone's short name beside a time, for a viewer whose clock reads differently. */
function ZoneLabel({ instant, timeZone }: { instant: string; timeZone: string }) {
  const label = zoneLabel(instant, timeZone);
  return label === null ? null : (
    <abbr className="plan-row__zone" title={timeZone}>
      {label}
    </abbr>
  );
}
