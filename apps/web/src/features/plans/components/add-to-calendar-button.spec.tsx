import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planLiveMessages } from '@datebook/contracts';
import { planStateFromDocument } from '@datebook/domain';
import { planActivity, planDocument, REF_A, REF_B } from '../testing/plan-fixtures';
import { AddToCalendarButton } from './add-to-calendar-button';

/** jsdom's Blob has no text(); FileReader is what it offers. */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob ?? new Blob());
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Add to calendar', () => {
  it('downloads the plan’s scheduled rows as <title>.ics', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:calendar';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const plan = planStateFromDocument(
      planDocument({
        title: 'Beach day',
        status: 'prepared',
        activities: [
          planActivity({
            ref: REF_A,
            status: 'scheduled',
            beginsAt: '2026-12-05T17:00:00.000Z',
            endsAt: '2026-12-05T18:00:00.000Z',
          }),
          planActivity({
            ref: REF_B,
            linked: { title: 'Museum', location: null, imageUrl: null, budget: null },
          }),
        ],
      }),
    );
    render(<AddToCalendarButton plan={plan} />);

    await userEvent.setup().click(screen.getByRole('button', { name: planLiveMessages.addToCalendar }));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('Beach day.ics');
    expect(clicked[0]?.href).toBe('blob:calendar');
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    const text = await readText(blobs[0]);
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text).toContain(`UID:42-${REF_A}@datebook`);
    expect(text).toContain('SUMMARY:Picnic');
  });
});
