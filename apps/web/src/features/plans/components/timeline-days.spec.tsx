import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedPlanEntry } from '@datebook/contracts';
import { TimelineDays } from './timeline-days';

/** The browser's zone: Intl reads it from the process's TZ. */
function viewerIn(timeZone: string) {
  vi.stubEnv('TZ', timeZone);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const entry = (title: string, beginsAt: string, endsAt: string): SharedPlanEntry => ({
  title,
  beginsAt,
  endsAt,
  status: 'scheduled',
  durationMinutes: 60,
  location: null,
  imageUrl: null,
});

// 03:00 UTC on Dec 6 is 7:00 PM on Dec 5 in Los Angeles (PST) and 12:00 PM on Dec 6 in Tokyo.
const dinner = entry('Dinner', '2026-12-06T03:00:00.000Z', '2026-12-06T04:00:00.000Z');
const plan = { date: '2026-12-05', timeZone: 'America/Los_Angeles' };

function renderDays(rows: SharedPlanEntry[]) {
  render(<TimelineDays rows={rows} plan={plan} rowKey={(row) => row.title} />);
}

describe('the timeline on the plan’s clock', () => {
  it('shows a viewer abroad the plan’s evening, labelled with the plan zone’s short name', () => {
    viewerIn('Asia/Tokyo');
    renderDays([dinner]);
    const row = within(screen.getByRole('list', { name: 'Timeline' })).getByRole('listitem', {
      name: 'Dinner',
    });
    expect(within(row).getByText('7:00 PM – 8:00 PM')).toBeTruthy();
    const zone = within(row).getByText('PST');
    expect(zone.tagName).toBe('ABBR');
    expect(zone.getAttribute('title')).toBe('America/Los_Angeles');
  });

  it('adds no label for a viewer whose clock reads the same', () => {
    viewerIn('America/Los_Angeles');
    renderDays([dinner]);
    expect(screen.getByText('7:00 PM – 8:00 PM')).toBeTruthy();
    expect(screen.queryByText('PST')).toBeNull();
  });

  it('heads rows on other days than the plan’s with their day, one list per day', () => {
    viewerIn('America/Los_Angeles');
    const brunch = entry('Brunch', '2026-12-12T17:00:00.000Z', '2026-12-12T18:00:00.000Z');
    renderDays([brunch, dinner]);
    expect(screen.queryByRole('list', { name: 'Timeline' })).toBeNull();
    const planDay = screen.getByRole('list', { name: 'Sat, Dec 5, 2026' });
    const nextWeek = screen.getByRole('list', { name: 'Sat, Dec 12, 2026' });
    expect(within(planDay).getByText('Dinner')).toBeTruthy();
    expect(within(nextWeek).getByText('Brunch')).toBeTruthy();
    expect(within(nextWeek).getByText('9:00 AM – 10:00 AM')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Sat, Dec 5, 2026',
      'Dinner',
      'Sat, Dec 12, 2026',
      'Brunch',
    ]);
  });
});
