import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planLiveMessages, type PlanHistory } from '@datebook/contracts';
import { AppProviders } from '@/app/app-providers';
import { SessionContext } from '@/features/session';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { signedInAs } from '@/testing/render-app';
import { FRIEND_ID, OWNER_ID, planEvent, REF_A } from '../testing/plan-fixtures';
import { HistoryDialog } from './history-dialog';

const FIRST_PAGE = '/api/plans/42/history?limit=30';
const SECOND_PAGE = '/api/plans/42/history?before=5&limit=30';

const people = [
  { id: FRIEND_ID, name: 'Sam', username: 'sam', avatarUrl: null },
  { id: OWNER_ID, name: 'Ada', username: 'ada', avatarUrl: null },
];

function page(overrides: Partial<PlanHistory>): PlanHistory {
  return { items: [], people, titles: { [REF_A]: 'Picnic' }, nextBefore: null, ...overrides };
}

function renderDialog() {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SessionContext.Provider value={signedInAs()}>
        <HistoryDialog planId="42" timeZone="UTC" onClose={onClose} />
      </SessionContext.Provider>
    </AppProviders>,
  );
  return { user, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the History dialog', () => {
  it('lists the changes newest first, in words, and loads older ones on request', async () => {
    mockApiRoutes({
      [`GET ${FIRST_PAGE}`]: jsonResponse(
        200,
        page({
          items: [
            planEvent(7, [], {
              op: { type: 'plan.update', field: 'title', value: 'Beach day' },
              actorId: OWNER_ID,
            }),
            planEvent(6, [], { op: { type: 'activity.remove', ref: REF_A } }),
          ],
          nextBefore: 5,
        }),
      ),
      [`GET ${SECOND_PAGE}`]: jsonResponse(
        200,
        page({
          items: [planEvent(5, [], { op: { type: 'activity.schedule', ref: REF_A } })],
        }),
      ),
    });
    const { user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: planLiveMessages.history });
    expect(within(dialog).getByRole('status').textContent).toBe('Loading...');
    const list = await within(dialog).findByRole('list', { name: planLiveMessages.history });
    const lines = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent);
    expect(lines()).toEqual(['You renamed the plan to Beach day', 'Sam removed Picnic']);

    await user.click(within(dialog).getByRole('button', { name: planLiveMessages.loadMore }));
    expect(await within(list).findByText('Sam scheduled Picnic')).toBeTruthy();
    expect(lines()).toEqual([
      'You renamed the plan to Beach day',
      'Sam removed Picnic',
      'Sam scheduled Picnic',
    ]);
    expect(within(dialog).queryByRole('button', { name: planLiveMessages.loadMore })).toBeNull();
  });

  it('says when nothing has changed yet', async () => {
    mockApiRoutes({ [`GET ${FIRST_PAGE}`]: jsonResponse(200, page({})) });
    renderDialog();
    expect(await screen.findByText(planLiveMessages.historyEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: planLiveMessages.loadMore })).toBeNull();
  });

  it('says when the history cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    mockApiRoutes({
      [`GET ${FIRST_PAGE}`]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(404, 'NOT_FOUND', 'This plan could not be found.')
          : jsonResponse(
              200,
              page({ items: [planEvent(2, [], { op: { type: 'plan.lock', locked: true } })] }),
            );
      },
    });
    const { user } = renderDialog();

    expect(await screen.findByText(planLiveMessages.unableToLoadHistory)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sam locked the title and date')).toBeTruthy();
    expect(screen.queryByText(planLiveMessages.unableToLoadHistory)).toBeNull();
  });

  it('lets the keyboard reach and scroll the changes when nothing in them takes focus', async () => {
    mockApiRoutes({
      [`GET ${FIRST_PAGE}`]: jsonResponse(
        200,
        page({ items: [planEvent(2, [], { op: { type: 'plan.lock', locked: true } })] }),
      ),
    });
    const { user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: planLiveMessages.history });
    const changes = await within(dialog).findByRole('region', { name: planLiveMessages.history });
    expect(within(changes).getByRole('list', { name: planLiveMessages.history })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: planLiveMessages.loadMore })).toBeNull();
    within(dialog).getByRole('button', { name: 'Close' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(changes);
  });
});
