import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, POST_LIST_PAGE, postMessages } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp } from '@/testing/render-app';
import {
  newMember,
  ownActivitiesRoute,
  readyDate,
  storedDrafts,
  stubObjectUrls,
} from '../testing/create-fixtures';

vi.mock('../draft/draft-storage', async () => ({
  indexedDbDraftStorage: (await import('../testing/create-fixtures')).memoryDraftStorage,
}));

const picnic = postCard({ id: '1', title: 'Sunset picnic' });
const museum = postCard({ id: '2', title: 'Museum night' });
const secondPage = `GET /api/profiles/ada/activities?cursor=next&limit=${POST_LIST_PAGE.defaultLimit}`;
const FIELD = { name: 'Connected activities (optional)' };
const field = () => screen.getByRole('group', FIELD);

/** The create page for a member whose date draft links `connected`. */
function openDraftLinking(connected: string[]) {
  const member = newMember();
  storedDrafts.set(member.id, readyDate({ connectedActivities: connected }));
  const { user } = renderApp('/create', { session: member.session });
  return { memberId: member.id, user };
}

describe('connected activities on a date', () => {
  beforeEach(stubObjectUrls);
  afterEach(() => {
    storedDrafts.clear();
  });

  it('loads every page of activities and drops a linked one that is gone, saying so', async () => {
    mockApiRoutes({
      [ownActivitiesRoute]: jsonResponse(200, { items: [picnic], nextCursor: 'next' }),
      [secondPage]: jsonResponse(200, { items: [museum], nextCursor: null }),
    });
    const { memberId } = openDraftLinking(['2', '99']);

    expect(await screen.findByText(postMessages.connectedActivityNotFound)).toBeTruthy();
    expect(within(field()).getByRole('checkbox', { name: 'Sunset picnic' })).toHaveProperty('checked', false);
    expect(within(field()).getByRole('checkbox', { name: 'Museum night' })).toHaveProperty('checked', true);
    await waitFor(() => expect(storedDrafts.get(memberId)?.connectedActivities).toEqual(['2']));
  });

  it('shows that the list is loading, and keeps every link when it cannot be loaded', async () => {
    let answerList: (response: Response) => void = () => undefined;
    mockApiRoutes({
      [ownActivitiesRoute]: () =>
        new Promise<Response>((resolve) => {
          answerList = resolve;
        }),
    });
    const { memberId } = openDraftLinking(['1']);

    const loading = await within(await screen.findByRole('group', FIELD)).findByRole('status');
    expect(loading.textContent).toBe(messages.loading.generic);
    answerList(errorResponse(403, 'FORBIDDEN', messages.errors.forbidden));

    expect((await within(field()).findByRole('alert')).textContent).toBe(messages.errors.forbidden);
    expect(within(field()).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(storedDrafts.get(memberId)?.connectedActivities).toEqual(['1']);
  });

  it('loads the list again on Try again', async () => {
    let calls = 0;
    mockApiRoutes({
      [ownActivitiesRoute]: () =>
        (calls += 1) === 1
          ? errorResponse(403, 'FORBIDDEN', messages.errors.forbidden)
          : jsonResponse(200, { items: [picnic], nextCursor: null }),
    });
    const { user } = openDraftLinking(['1']);

    await user.click(
      await within(await screen.findByRole('group', FIELD)).findByRole('button', { name: 'Try again' }),
    );

    expect(await within(field()).findByRole('checkbox', { name: 'Sunset picnic' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(field()).queryByRole('alert')).toBeNull();
  });
});
