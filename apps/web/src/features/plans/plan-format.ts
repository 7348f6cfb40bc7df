import type { PlanEntry } from '@datebook/contracts';
import { entryView, pickerTimeOf, type PickerTime } from '@datebook/domain';

/** The browser's IANA zone: times are shown, picked and scheduled on the member's own clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function pickerTimeLabel(time: PickerTime): string {
  return `${time.hour}:${String(time.minute).padStart(2, '0')} ${time.meridiem}`;
}

/** '9:00 AM' on the member's clock. */
export function timeLabel(instant: string, timeZone = browserTimeZone()): string {
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
