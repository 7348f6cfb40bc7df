import {
  messages,
  type PlanEvent,
  type PlanHistoryPerson,
  type PlanOperation,
  type PlanStatus,
} from '@datebook/contracts';
import { pickerTimeOf, wallTimeIn } from './zoned-time';

/*
 * The History dialog's lines (issues #14, #22): each applied operation in words, one line each,
 * newest first, as the viewer reads it — 'You' for their own edits, times on their clock, an undo
 * told as an undo, and someone whose account was deleted as 'A former member'.
 */

export interface PlanHistoryLine {
  /** The event's op id. */
  key: string;
  text: string;
  /** When the event was applied (ISO). */
  at: string;
}

export interface PlanHistoryContext {
  people: readonly PlanHistoryPerson[];
  /** The shown title of each row ref the events mention. */
  titles: Readonly<Record<string, string>>;
  viewerId: string;
  /** The plan's IANA zone: times read as every member sees them on the plan. */
  timeZone: string;
}

type HistoryEvent = Pick<PlanEvent, 'opId' | 'actorId' | 'op' | 'at' | 'undoes'>;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const STATUS_WORDS: Record<PlanStatus, string> = {
  draft: 'moved the plan back to draft',
  prepared: 'prepared the plan',
  completed: 'marked the date completed',
};

/**
 * `items` newest first (as the history endpoint pages them); one line per event, in that order:
 * two changes are never told as one, so whoever reads it can see every value the plan held.
 */
export function describePlanHistory(
  items: readonly HistoryEvent[],
  context: PlanHistoryContext,
): PlanHistoryLine[] {
  return items.map((event) => ({ key: event.opId, text: describeEvent(event, context), at: event.at }));
}

function describeEvent(event: HistoryEvent, context: PlanHistoryContext): string {
  const actor = event.actorId === context.viewerId ? 'You' : nameOf(event.actorId, context);
  const what = event.undoes
    ? `undid ${describeUndo(event.op, event.at, context)}`
    : describeOperation(event.op, event.at, context);
  return `${actor} ${what}`;
}

/**
 * What an undo took back, told from the operation it sent (the inverse of the undone change, which
 * may be on an older page): 'undid the rename, back to Picnic'.
 */
function describeUndo(op: PlanOperation, at: string, context: PlanHistoryContext): string {
  const row = (ref: string) => context.titles[ref] ?? messages.plans.plannedActivity;
  switch (op.type) {
    case 'plan.update':
      if (op.field === 'title') {
        return `the rename, back to ${op.value}`;
      }
      return op.value === null
        ? 'setting the date'
        : `the date change, back to ${dayLabel(op.value, wallTimeIn(at, context.timeZone).day)}`;
    case 'activity.setTimes':
      return op.beginsAt === null
        ? `scheduling ${row(op.ref)}`
        : `the time change of ${row(op.ref)}, back to ${clockLabel(op.beginsAt, context.timeZone)}`;
    case 'activity.edit':
      return `the edit of ${row(op.ref)}`;
    case 'activity.remove':
      return `adding ${row(op.ref)}`;
    case 'plan.lock':
      return op.locked ? 'unlocking the title and date' : 'locking the title and date';
    case 'status.change':
      return op.to === 'draft' ? 'preparing the plan' : 'moving the plan back to draft';
    case 'plan.create':
    case 'activity.add':
    case 'activity.schedule':
    case 'collaborator.invite':
    case 'collaborator.remove':
    case 'plan.delete':
      return `a change: ${describeOperation(op, at, context)}`;
  }
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

/** The subject of a sentence: their name, 'A former member' once their account is deleted. */
function nameOf(userId: string, context: PlanHistoryContext): string {
  const person = context.people.find((candidate) => candidate.id === userId);
  if (person?.former) {
    return messages.plans.formerMember;
  }
  return person?.name ?? messages.plans.unnamedCollaborator;
}

/** The object of a sentence: 'you' when it is the viewer, 'a former member' mid-sentence. */
function personOf(userId: string, context: PlanHistoryContext): string {
  if (userId === context.viewerId) {
    return 'you';
  }
  const name = nameOf(userId, context);
  return name === messages.plans.formerMember ? name.charAt(0).toLowerCase() + name.slice(1) : name;
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
