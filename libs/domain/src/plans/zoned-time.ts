import { DEFAULT_SCHEDULE_SLOT } from '@datebook/contracts';

/*
 * Wall-clock times in a named zone, for Schedule's default slot and the 12-hour time picker. Each
 * wall time is resolved on its own day's offset, so a slot on a daylight-saving day is still
 * 9:00–10:00 on the clock.
 */

interface WallTime {
  /** 'YYYY-MM-DD' */
  day: string;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsIn(
  instant: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    hour: parts.hour ?? NaN,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The day and clock time an instant shows in a zone. */
export function wallTimeIn(instant: Date | string, timeZone: string): WallTime {
  const p = partsIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  return { day: `${p.year}-${pad(p.month)}-${pad(p.day)}`, hour: p.hour, minute: p.minute };
}

/**
 * The instant (UTC ISO) a zone's clock shows a wall time. A time skipped by a clock change is read
 * with the offset in force before it (2:30 on a spring-forward night becomes 3:30); a repeated
 * one is its first occurrence.
 */
export function instantOf(wall: WallTime, timeZone: string): string {
  const [year, month, day] = wall.day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, wall.hour, wall.minute);
  const before = zoneOffsetMs(asUtc - 24 * 3_600_000, timeZone);
  const after = zoneOffsetMs(asUtc + 24 * 3_600_000, timeZone);
  // Try the larger offset first: a repeated hour then resolves to its first occurrence.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = asUtc - offset;
    if (zoneOffsetMs(candidate, timeZone) === offset) {
      return new Date(candidate).toISOString();
    }
  }
  return new Date(asUtc - before).toISOString();
}

/**
 * Schedule's default slot (design: Time): 9:00 to 10:00 on the plan's date in the plan's zone, or
 * on today in that zone while the plan has no date (spec section 4).
 */
export function defaultScheduleTimes(
  plan: { date: string | null; timeZone: string },
  now: Date,
): { beginsAt: string; endsAt: string } {
  const { timeZone } = plan;
  const day = plan.date ?? wallTimeIn(now, timeZone).day;
  return {
    beginsAt: instantOf({ day, hour: DEFAULT_SCHEDULE_SLOT.beginHour, minute: 0 }, timeZone),
    endsAt: instantOf({ day, hour: DEFAULT_SCHEDULE_SLOT.endHour, minute: 0 }, timeZone),
  };
}

/** The zone's short name at an instant, as en-US writes it: 'PST', 'EDT', or 'GMT+9' where it has none. */
export function zoneShortName(timeZone: string, instant: Date | string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(
    typeof instant === 'string' ? new Date(instant) : instant,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * Whether a viewer's clock reads another time than the plan's at an instant, so the plan's times
 * need the zone's name beside them. Offsets, not names, are compared: two names of one clock
 * ('Asia/Calcutta', 'Asia/Kolkata') need no label.
 */
export function clockDiffers(planZone: string, viewerZone: string, instant: Date | string): boolean {
  const at = (typeof instant === 'string' ? new Date(instant) : instant).getTime();
  return zoneOffsetMs(at, planZone) !== zoneOffsetMs(at, viewerZone);
}

export const MERIDIEMS = ['AM', 'PM'] as const;
export type Meridiem = (typeof MERIDIEMS)[number];

/** The time picker's choices (spec section 2): hours 1 to 12, minutes 0 to 59, AM/PM. */
export const PICKER_HOURS: readonly number[] = Array.from({ length: 12 }, (_, index) => index + 1);
export const PICKER_MINUTES: readonly number[] = Array.from({ length: 60 }, (_, index) => index);

export interface PickerTime {
  /** 1–12 */
  hour: number;
  /** 0–59 */
  minute: number;
  meridiem: Meridiem;
}

/** 0–23 as the picker shows it: 0 is 12 AM, 12 is 12 PM. */
export function toPickerTime(hour24: number, minute: number): PickerTime {
  return { hour: hour24 % 12 === 0 ? 12 : hour24 % 12, minute, meridiem: hour24 < 12 ? 'AM' : 'PM' };
}

export function fromPickerTime(time: PickerTime): { hour: number; minute: number } {
  return { hour: (time.hour % 12) + (time.meridiem === 'PM' ? 12 : 0), minute: time.minute };
}

/** What the picker shows for a stored instant, on the clock of `timeZone`. */
export function pickerTimeOf(instant: string, timeZone: string): { day: string; time: PickerTime } {
  const wall = wallTimeIn(instant, timeZone);
  return { day: wall.day, time: toPickerTime(wall.hour, wall.minute) };
}

/** The instant (UTC ISO) a picked time means on `day` in `timeZone`. */
export function instantOfPickerTime(day: string, time: PickerTime, timeZone: string): string {
  return instantOf({ day, ...fromPickerTime(time) }, timeZone);
}
