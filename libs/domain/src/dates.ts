import { messages } from '@datebook/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Shows a date like 'Mar 5, 2025' (spec section 8). A plain calendar date ('2025-03-05') is shown
 * as that day everywhere, whatever the viewer's time zone; a timestamp in the viewer's zone.
 */
export function formatDisplayDate(
  value: string | Date | null | undefined,
  whenMissing: string = messages.dates.tbd,
): string {
  if (value === null || value === undefined || value === '') {
    return whenMissing;
  }
  if (typeof value === 'string') {
    const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (calendar) {
      const [, year, month, day] = calendar;
      const monthName = MONTHS[Number(month) - 1];
      return monthName && Number(day) >= 1 && Number(day) <= 31
        ? `${monthName} ${Number(day)}, ${year}`
        : messages.dates.invalid;
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    return messages.dates.invalid;
  }
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
