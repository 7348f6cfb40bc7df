import { messages } from '@datebook/contracts';
import { formatDisplayDate } from './dates';

describe('formatDisplayDate', () => {
  it('shows a calendar date as that day in any time zone', () => {
    expect(formatDisplayDate('2025-03-05')).toBe('Mar 5, 2025');
    expect(formatDisplayDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it('shows a timestamp', () => {
    expect(formatDisplayDate(new Date(2025, 2, 5, 18, 30))).toBe('Mar 5, 2025');
  });

  it('says when there is no date, with the caller’s wording', () => {
    expect(formatDisplayDate(null)).toBe(messages.dates.tbd);
    expect(formatDisplayDate(undefined, messages.dates.noneSelected)).toBe('No date selected');
  });

  it('says when a date cannot be read', () => {
    expect(formatDisplayDate('not a date')).toBe('Invalid date');
    expect(formatDisplayDate('2025-13-01')).toBe('Invalid date');
  });
});
