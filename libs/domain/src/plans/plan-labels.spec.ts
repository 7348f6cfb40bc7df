import { planDateLabel, planRoleLabel, planStatusLabel, timelineDayLabel } from './plan-labels';
import { planRole } from './plan-roles';

describe('planDateLabel', () => {
  it('shows the plan’s day as that day, like “Mar 5, 2025”', () => {
    expect(planDateLabel('2025-03-05')).toBe('Mar 5, 2025');
    expect(planDateLabel('2025-01-01', { draftList: true })).toBe('Jan 1, 2025');
  });

  it('says “No date selected” in the drafts list and “Date TBD” elsewhere', () => {
    expect(planDateLabel(null, { draftList: true })).toBe('No date selected');
    expect(planDateLabel(null)).toBe('Date TBD');
  });

  it('says when a date cannot be read', () => {
    expect(planDateLabel('someday')).toBe('Invalid date');
  });
});

describe('status and role labels', () => {
  it('names each status', () => {
    expect(planStatusLabel('draft')).toBe('Draft');
    expect(planStatusLabel('prepared')).toBe('Prepared');
    expect(planStatusLabel('completed')).toBe('Completed');
  });

  it('is Owner for the owner and Collaborator for anyone else', () => {
    expect(planRole('u1', 'u1')).toBe('owner');
    expect(planRoleLabel('u1', 'u1')).toBe('Owner');
    expect(planRole('u1', 'u2')).toBe('collaborator');
    expect(planRoleLabel('u1', 'u2')).toBe('Collaborator');
  });
});

describe('timelineDayLabel', () => {
  it('names a day of the timeline with its weekday', () => {
    expect(timelineDayLabel('2026-12-05')).toBe('Sat, Dec 5, 2026');
    expect(timelineDayLabel('2026-12-12')).toBe('Sat, Dec 12, 2026');
  });
});
