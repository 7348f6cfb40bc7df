import { messages, type PlanStatus } from '@datebook/contracts';
import { formatDisplayDate } from '../dates';
import { planRole } from './plan-roles';

/*
 * How a plan's date, status and the viewer's role read on the lists and screens (spec sections 2
 * and 8).
 */

/**
 * 'Mar 5, 2025' for the plan's day in every time zone (it is a calendar day, not an instant).
 * Without one: 'No date selected' on the rows of the Drafts list, 'Date TBD' everywhere else.
 */
export function planDateLabel(date: string | null, where: { draftList?: boolean } = {}): string {
  return formatDisplayDate(date, where.draftList === true ? messages.dates.noneSelected : messages.dates.tbd);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Fri, Dec 5, 2026': a day of the timeline on the plan's clock ('YYYY-MM-DD'). */
export function timelineDayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? '';
  return `${weekday}, ${formatDisplayDate(day)}`;
}

export function planStatusLabel(status: PlanStatus): string {
  return messages.plans.statuses[status];
}

export function planRoleLabel(ownerId: string, userId: string): string {
  return messages.plans.roles[planRole(ownerId, userId)];
}
