import type { PlanEntry } from '@datebook/contracts';
import { clockDiffers, entryView, pickerTimeOf, zoneShortName, type PickerTime } from '@datebook/domain';

/** The browser's IANA zone: a new plan takes it, and the plan's times are labelled where it differs. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The plan zone's short name ('PST') for a time shown on the plan's clock, when this viewer's clock
 * reads differently at that instant; null when the two agree and the time needs no label.
 */
export function zoneLabel(instant: string, planZone: string, viewerZone = browserTimeZone()): string | null {
  return clockDiffers(planZone, viewerZone, instant) ? zoneShortName(planZone, instant) : null;
}

export function pickerTimeLabel(time: PickerTime): string {
  return `${time.hour}:${String(time.minute).padStart(2, '0')} ${time.meridiem}`;
}

/** '9:00 AM' on the plan's clock. */
export function timeLabel(instant: string, timeZone: string): string {
  return pickerTimeLabel(pickerTimeOf(instant, timeZone).time);
}

/** '1 hr 30 min', '45 min', '0 min'. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) {
    return `${rest} min`;
  }
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** A live row as the screens show it: the stored fields with the spec's fallbacks. */
export type PlanRow = PlanEntry & ReturnType<typeof entryView>;

export function planRows(entries: readonly PlanEntry[]): PlanRow[] {
  return entries.filter((entry) => !entry.deleted).map((entry) => ({ ...entry, ...entryView(entry) }));
}
