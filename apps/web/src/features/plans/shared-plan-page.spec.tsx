import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, type SharedPlan } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const TOKEN = 'nVjS3SsBQc2pnMaZFFsDV6tCXWXBBEQxgANKmq7pVE8';
const link = `/plan/shared/ada/${TOKEN}`;
const route = `GET /api/plans/shared/ada/${TOKEN}`;
const shared: SharedPlan = {
  title: 'Our day',
  date: '2026-12-05',
  timeZone: 'UTC',
  status: 'prepared',
  owner: { username: 'ada', displayName: 'Ada Lovelace', avatarUrl: null },
  timeline: [
    {
      title: 'Picnic',
      beginsAt: '2026-12-05T09:00:00.000Z',
      endsAt: '2026-12-05T10:00:00.000Z',
      status: 'scheduled',
      durationMinutes: 60,
      location: 'The park',
      imageUrl: null,
    },
    {
      title: 'Stargazing',
      beginsAt: null,
      endsAt: null,
      status: 'unscheduled',
      durationMinutes: null,
      location: null,
      imageUrl: null,
    },
  ],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('a shared plan', () => {
  it('shows the plan to a signed-out visitor who never passed the gate', async () => {
    mockApiRoutes({ [route]: jsonResponse(200, shared) });
    renderApp(link, { granted: false });

    expect(await screen.findByRole('heading', { name: 'Our day', level: 1 })).toBeTruthy();
    expect(screen.getByText('Planned by Ada Lovelace')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getByText('Picnic')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Additional ideas' })).getByText('Stargazing'),
    ).toBeTruthy();
    expect(screen.getByText('The park')).toBeTruthy();
  });

  it.each([
    [errorResponse(404, 'NOT_FOUND', 'Not found'), messages.plans.sharedNotFound],
    [errorResponse(409, 'CONFLICT', messages.plans.notAvailableToShare), messages.plans.notAvailableToShare],
  ])('says why it cannot be shown', async (response, text) => {
    mockApiRoutes({ [route]: response });
    renderApp(link, { granted: false });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('says it cannot load the plan when the api keeps failing, after the spec’s retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApiRoutes({ [route]: errorResponse(500, 'INTERNAL', 'Boom') });
    renderApp(link, { granted: false });
    for (let second = 0; second < 10; second += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(await screen.findByText(messages.plans.unableToLoadShared)).toBeTruthy();
  });

  it.each(['42', 'abc', `${TOKEN}A`])(
    'treats %s, which cannot be a link’s token, as not found',
    async (token) => {
      mockApiRoutes({});
      renderApp(`/plan/shared/ada/${token}`, { granted: false });
      expect(await screen.findByText(messages.plans.sharedNotFound)).toBeTruthy();
    },
  );
});
