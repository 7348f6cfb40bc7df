import type { PlanEntry } from '@datebook/contracts';
import { entryLocation, entryTitle } from './plan-names';
import { isScheduled, sortTimeline } from './plan-timeline';
import { zoneOffsetMs } from './zoned-time';

/*
 * 'Add to calendar' (RFC 5545): one event per scheduled row, on the plan's clock (its zone as TZID,
 * with the VTIMEZONE that defines it), each on its own day. Each event's
 * UID is the plan's id and the row's ref, and its SEQUENCE the plan's version, so importing the
 * file again after the plan changed updates the events instead of adding copies.
 */

type CalendarEntry = Pick<
  PlanEntry,
  'ref' | 'beginsAt' | 'endsAt' | 'isCustom' | 'customLocation' | 'customDetails' | 'linked'
> & { deleted?: boolean };

export interface PlanCalendarSource {
  id: string;
  title: string;
  version: number;
  /** The plan's IANA zone; an unknown one falls back to UTC. */
  timeZone: string;
  activities: readonly CalendarEntry[];
}

export interface PlanCalendarOptions {
  /** Stamped on every event (DTSTAMP). */
  now: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_LINE_BYTES = 75;

/** The .ics text of a plan's scheduled rows, with CRLF line ends as the format requires. */
export function planCalendarIcs(plan: PlanCalendarSource, options: PlanCalendarOptions): string {
  const timeZone = knownZone(plan.timeZone);
  const entries = sortTimeline(plan.activities.filter((entry) => !entry.deleted && isScheduled(entry)));
  const instants = entries.flatMap((entry) => [
    Date.parse(entry.beginsAt ?? ''),
    Date.parse(entry.endsAt ?? ''),
  ]);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Datebook//Plans//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(plan.title)}`,
    ...(timeZone === 'UTC' || instants.length === 0 ? [] : zoneLines(timeZone, instants)),
  ];
  for (const entry of entries) {
    const location = entryLocation(entry);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${plan.id}-${entry.ref}@datebook`,
      `SEQUENCE:${plan.version}`,
      `DTSTAMP:${utcStamp(options.now.getTime())}`,
      `DTSTART${timeProperty(Date.parse(entry.beginsAt ?? ''), timeZone)}`,
      `DTEND${timeProperty(Date.parse(entry.endsAt ?? ''), timeZone)}`,
      `SUMMARY:${escapeText(entryTitle(entry))}`,
      ...(location ? [`LOCATION:${escapeText(location)}`] : []),
      `DESCRIPTION:${escapeText(plan.title)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.flatMap(foldLine).join('\r\n')}\r\n`;
}

/** 'Beach day.ics': the plan's title without the characters file systems refuse. */
export function planCalendarFileName(title: string): string {
  const safe = title
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${safe || 'plan'}.ics`;
}

function knownZone(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone === 'UTC'
      ? 'UTC'
      : timeZone;
  } catch {
    return 'UTC';
  }
}

function timeProperty(instant: number, timeZone: string): string {
  return timeZone === 'UTC'
    ? `:${utcStamp(instant)}`
    : `;TZID=${timeZone}:${wallStamp(instant + zoneOffsetMs(instant, timeZone))}`;
}

/**
 * The VTIMEZONE the TZID references: the zone's offset from the start of the first event's year,
 * and every change of offset until the end of the last event's year, read from the platform's
 * time-zone data rather than a bundled copy.
 */
function zoneLines(timeZone: string, instants: readonly number[]): string[] {
  const from = Date.UTC(new Date(Math.min(...instants)).getUTCFullYear(), 0, 1);
  const to = Date.UTC(new Date(Math.max(...instants)).getUTCFullYear() + 1, 0, 1);
  const transitions = offsetTransitions(timeZone, from, to);
  const offsets = [zoneOffsetMs(from, timeZone), ...transitions.map((change) => change.to)];
  const standard = Math.min(...offsets);
  const observance = (onset: number, offsetFrom: number, offsetTo: number) => {
    const kind = offsetTo === standard ? 'STANDARD' : 'DAYLIGHT';
    return [
      `BEGIN:${kind}`,
      // An observance begins at the local time of the offset it replaces.
      `DTSTART:${wallStamp(onset + offsetFrom)}`,
      `TZOFFSETFROM:${offsetText(offsetFrom)}`,
      `TZOFFSETTO:${offsetText(offsetTo)}`,
      `END:${kind}`,
    ];
  };
  const first = zoneOffsetMs(from, timeZone);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(from, first, first),
    ...transitions.flatMap((change) => observance(change.at, change.from, change.to)),
    'END:VTIMEZONE',
  ];
}

interface OffsetTransition {
  at: number;
  from: number;
  to: number;
}

/** Every instant in [from, to) where the zone's offset changes, to the minute. */
function offsetTransitions(timeZone: string, from: number, to: number): OffsetTransition[] {
  const transitions: OffsetTransition[] = [];
  let previous = zoneOffsetMs(from, timeZone);
  for (let day = from + DAY_MS; day <= to; day += DAY_MS) {
    const offset = zoneOffsetMs(day, timeZone);
    if (offset !== previous) {
      let low = day - DAY_MS;
      let high = day;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (zoneOffsetMs(middle, timeZone) === previous) {
          low = middle;
        } else {
          high = middle;
        }
      }
      transitions.push({ at: high, from: previous, to: offset });
      previous = offset;
    }
  }
  return transitions;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** YYYYMMDDTHHMMSS of a UTC-shifted instant (the wall clock when `shifted` = instant + offset). */
function wallStamp(shifted: number): string {
  const date = new Date(shifted);
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

const utcStamp = (instant: number): string => `${wallStamp(instant)}Z`;

function offsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/** TEXT values escape backslashes, commas, semicolons and line breaks (RFC 5545, 3.3.11). */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Content lines longer than 75 octets continue on lines that begin with a space (RFC 5545, 3.1). */
function foldLine(line: string): string[] {
  const encoder = new TextEncoder();
  const folded: string[] = [];
  let current = '';
  let bytes = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = folded.length === 0 ? MAX_LINE_BYTES : MAX_LINE_BYTES - 1;
    if (bytes + size > limit) {
      folded.push(folded.length === 0 ? current : ` ${current}`);
      current = '';
      bytes = 0;
    }
    current += character;
    bytes += size;
  }
  folded.push(folded.length === 0 ? current : ` ${current}`);
  return folded;
}
