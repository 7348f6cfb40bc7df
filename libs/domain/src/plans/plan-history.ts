import {
  messages,
  type PlanEvent,
  type PlanOperation,
  type PlanPerson,
  type PlanStatus,
} from '@datebook/contracts';
import { planOperationRegisters } from './plan-registers';
import { pickerTimeOf, wallTimeIn } from './zoned-time';

/*
 * The History dialog's lines (issue #14): each applied operation in words, newest first, as the
 * viewer reads it — 'You' for their own edits, times on their clock — with a burst of edits to
 * one field (typing a title, nudging a time) told once, by its final value.
 */

export interface PlanHistoryLine {
  /** The newest event's op id: stable while older pages are added below. */
  key: string;
  text: string;
  /** When the line's newest event was applied (ISO). */
  at: string;
  /** How many events the line tells (more than one for a coalesced burst). */
  count: number;
}

export interface PlanHistoryContext {
  people: readonly PlanPerson[];
  /** The shown title of each row ref the events mention. */
  titles: Readonly<Record<string, string>>;
  viewerId: string;
  /** The plan's IANA zone: times read as every member sees them on the plan. */
  timeZone: string;
}

type HistoryEvent = Pick<PlanEvent, 'opId' | 'actorId' | 'op' | 'at'>;

/** Edits to one register by one person this close together are one change to a reader. */
export const HISTORY_BURST_MS = 2 * 60_000;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const STATUS_WORDS: Record<PlanStatus, string> = {
  draft: 'moved the plan back to draft',
  prepared: 'prepared the plan',
  completed: 'marked the date completed',
};

/** `items` newest first (as the history endpoint pages them); the lines keep that order. */
export function describePlanHistory(
  items: readonly HistoryEvent[],
  context: PlanHistoryContext,
): PlanHistoryLine[] {
  const lines: PlanHistoryLine[] = [];
  let previous: HistoryEvent | null = null;
  for (const event of items) {
    const line = lines.at(-1);
    if (line && previous && continuesBurst(previous, event)) {
      line.count += 1;
    } else {
      lines.push({ key: event.opId, text: describeEvent(event, context), at: event.at, count: 1 });
    }
    previous = event;
  }
  return lines;
}

/** `older` came just before `newer` from the same person, to the same field, within the burst window. */
function continuesBurst(newer: HistoryEvent, older: HistoryEvent): boolean {
  const registers = planOperationRegisters(newer.op).join(' ');
  return (
    registers !== '' &&
    newer.actorId === older.actorId &&
    planOperationRegisters(older.op).join(' ') === registers &&
    Math.abs(Date.parse(newer.at) - Date.parse(older.at)) <= HISTORY_BURST_MS
  );
}

function describeEvent(event: HistoryEvent, context: PlanHistoryContext): string {
  const actor = event.actorId === context.viewerId ? 'You' : nameOf(event.actorId, context);
  return `${actor} ${describeOperation(event.op, event.at, context)}`;
}

function describeOperation(op: PlanOperation, at: string, context: PlanHistoryContext): string {
  const row = (ref: string) => context.titles[ref] ?? messages.plans.plannedActivity;
  switch (op.type) {
    case 'plan.create':
      return 'created the plan';
    case 'plan.update':
      if (op.field === 'title') {
        return `renamed the plan to ${op.value}`;
      }
      if (op.field === 'timeZone') {
        return `set the time zone to ${op.value}`;
      }
      return op.value === null
        ? 'cleared the date'
        : `set the date to ${dayLabel(op.value, wallTimeIn(at, context.timeZone).day)}`;
    case 'activity.add':
      return `added ${row(op.ref)}`;
    case 'activity.schedule':
      return `scheduled ${row(op.ref)}`;
    case 'activity.setTimes':
      return op.beginsAt === null
        ? `cleared the time of ${row(op.ref)}`
        : `moved ${row(op.ref)} to ${clockLabel(op.beginsAt, context.timeZone)}`;
    case 'activity.edit':
      return `${editVerb(op)} ${row(op.ref)}`;
    case 'activity.remove':
      return `removed ${row(op.ref)}`;
    case 'plan.lock':
      return op.locked ? 'locked the title and date' : 'unlocked the title and date';
    case 'collaborator.invite':
      return `invited ${listOf(op.userIds.map((id) => personOf(id, context)))}`;
    case 'collaborator.remove':
      return `removed ${personOf(op.userId, context)}`;
    case 'status.change':
      return STATUS_WORDS[op.to];
    case 'plan.delete':
      return 'deleted the plan';
  }
}

function editVerb(op: Extract<PlanOperation, { type: 'activity.edit' }>): string {
  if (op.customLocation !== undefined && op.customDetails !== undefined) {
    return 'edited';
  }
  const [field, value] =
    op.customLocation !== undefined ? ['location', op.customLocation] : ['details', op.customDetails];
  return value ? `changed the ${field} of` : `cleared the ${field} of`;
}

function nameOf(userId: string, context: PlanHistoryContext): string {
  return context.people.find((person) => person.id === userId)?.name ?? messages.plans.unnamedCollaborator;
}

/** The object of a sentence: 'you' when it is the viewer. */
function personOf(userId: string, context: PlanHistoryContext): string {
  return userId === context.viewerId ? 'you' : nameOf(userId, context);
}

/** 'Alex', 'Alex and Bo', 'Alex, Bo and Cy'. */
function listOf(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** '7:00 PM' on the plan's clock, as the time picker shows it. */
function clockLabel(instant: string, timeZone: string): string {
  const { hour, minute, meridiem } = pickerTimeOf(instant, timeZone).time;
  return `${hour}:${String(minute).padStart(2, '0')} ${meridiem}`;
}

/** 'Sat, Dec 5' for a calendar day, with its year when that is not the year of the edit. */
function dayLabel(day: string, editDay: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()];
  const label = `${weekday}, ${MONTHS[month - 1]} ${date}`;
  return editDay.startsWith(`${year}-`) ? label : `${label}, ${year}`;
}
