import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanSocketOpInput } from '@datebook/contracts';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp, signedInAs } from '@/testing/render-app';
import { fakeLiveSocket, planActivity, planDocument, REF_A } from './testing/plan-fixtures';

/* Issue 22 (design: Time): the editor reads and writes times on the plan's clock, not the browser's. */

const joined = { ok: true, role: 'owner', version: 3, events: [] };

/** The browser's zone: Intl reads it from the process's TZ. */
function browserIn(timeZone: string) {
  vi.stubEnv('TZ', timeZone);
}

afterEach(() => {
  liveSocketRegistry.publish(null);
  vi.unstubAllEnvs();
});

// 17:00 UTC on Dec 5 is 9:00 AM in Los Angeles (PST) and 2:00 AM on Dec 6 in Tokyo.
const breakfast = planActivity({
  beginsAt: '2026-12-05T17:00:00.000Z',
  endsAt: '2026-12-05T18:00:00.000Z',
  status: 'scheduled',
  durationMinutes: 60,
});
const laPlan = planDocument({ timeZone: 'America/Los_Angeles', activities: [breakfast] });

function openEditor() {
  mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, laPlan) });
  const live = fakeLiveSocket();
  live.answer('plan.join', () => joined);
  live.answer('plan.op', () => undefined);
  const { user } = renderApp('/plan?id=42', { session: signedInAs() });
  return { user, live };
}

describe('a plan in another zone than the member’s browser', () => {
  it('sets a draft row’s time on the plan’s clock, saying which clock that is', async () => {
    browserIn('Asia/Tokyo');
    const { user, live } = openEditor();

    const row = await screen.findByRole('listitem', { name: 'Picnic' });
    expect(within(row).getByText('9:00 AM – 10:00 AM')).toBeTruthy();
    expect(within(row).getByText('PST')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Set time of Picnic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set time' });
    expect(within(dialog).getByLabelText('Day')).toHaveProperty('value', '2026-12-05');
    expect(within(dialog).getByText('Times in America/Los Angeles (PST)')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Start hour'), '7');
    await user.selectOptions(within(dialog).getByLabelText('Start AM/PM'), 'PM');
    await user.selectOptions(within(dialog).getByLabelText('End hour'), '8');
    await user.selectOptions(within(dialog).getByLabelText('End AM/PM'), 'PM');
    await user.click(within(dialog).getByRole('button', { name: 'Save time' }));

    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(1));
    expect((live.sentOf('plan.op')[0]?.payload as PlanSocketOpInput).op).toEqual({
      type: 'activity.setTimes',
      ref: REF_A,
      beginsAt: '2026-12-06T03:00:00.000Z',
      endsAt: '2026-12-06T04:00:00.000Z',
    });
    expect(await within(row).findByText('7:00 PM – 8:00 PM')).toBeTruthy();
  });

  it('changes the plan’s zone from the editor as one edit', async () => {
    browserIn('America/Los_Angeles');
    const { user, live } = openEditor();

    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveProperty('value', 'America/Los_Angeles');
    expect(within(await screen.findByRole('listitem', { name: 'Picnic' })).queryByText('PST')).toBeNull();
    await user.selectOptions(zone, 'Asia/Tokyo');

    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(1));
    expect((live.sentOf('plan.op')[0]?.payload as PlanSocketOpInput).op).toEqual({
      type: 'plan.update',
      field: 'timeZone',
      value: 'Asia/Tokyo',
    });
    // The plan's 9:00 AM stays 9:00 AM, now in Tokyo, which this browser labels.
    expect(await screen.findByText('GMT+9')).toBeTruthy();
  });

  it('makes a new plan in the browser’s zone', async () => {
    browserIn('Asia/Tokyo');
    const fetchMock = mockApiRoutes({
      'POST /api/plans': jsonResponse(201, planDocument({ timeZone: 'Asia/Tokyo' })),
      'GET /api/plans/42': jsonResponse(200, planDocument({ timeZone: 'Asia/Tokyo' })),
    });
    const { user } = renderApp('/plan', { session: signedInAs() });
    await user.type(await screen.findByLabelText('Title'), 'Our day');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/plans')).toEqual([
        expect.objectContaining({ title: 'Our day', timeZone: 'Asia/Tokyo' }),
      ]),
    );
  });
});
