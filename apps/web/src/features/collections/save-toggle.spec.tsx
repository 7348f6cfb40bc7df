import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, POST_LIST_PAGE } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { activityDetail } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const postRoutes = {
  'GET /api/activities/1': jsonResponse(200, activityDetail()),
  [`GET /api/activities/1/comments?limit=${POST_LIST_PAGE.defaultLimit}`]: jsonResponse(200, {
    items: [],
    nextCursor: null,
  }),
};

/** The post page with the save request held until the test answers it. */
function postPageWithHeldSave() {
  let answer: (response: Response) => void = () => undefined;
  const fetchMock = mockApiRoutes({
    ...postRoutes,
    'PUT /api/saves/activity/1': () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  });
  return { fetchMock, answerSave: (response: Response) => answer(response) };
}

const saveButton = () => screen.findByRole('button', { name: /^Save/ });

describe('the save toggle on a post page', () => {
  it('flips to saved only once the api confirms it', async () => {
    const api = postPageWithHeldSave();
    const { user } = renderApp('/activity/1', { session: signedInAs() });

    await user.click(await saveButton());
    expect((await saveButton()).getAttribute('aria-pressed')).toBe('false');

    api.answerSave(jsonResponse(200, { saved: true }));

    const saved = await screen.findByRole('button', { name: 'Saved' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
  });

  it('stays unsaved when the api answers saved: false', async () => {
    const api = postPageWithHeldSave();
    const { user } = renderApp('/activity/1', { session: signedInAs() });

    await user.click(await saveButton());
    api.answerSave(jsonResponse(200, { saved: false }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Save/ }).getAttribute('aria-busy')).toBeNull(),
    );
    expect(screen.getByRole('button', { name: /^Save/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Saved' })).toBeNull();
  });

  it('stays unsaved and says why when the call fails', async () => {
    const api = postPageWithHeldSave();
    const { user } = renderApp('/activity/1', { session: signedInAs() });

    await user.click(await saveButton());
    api.answerSave(errorResponse(500, 'INTERNAL', messages.errors.unexpected));

    // The alert region is always there (empty until a toast arrives), so wait for its text.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.errors.unexpected));
    expect((await saveButton()).getAttribute('aria-pressed')).toBe('false');
  });

  it('unsaves a saved post', async () => {
    const fetchMock = mockApiRoutes({
      ...postRoutes,
      'GET /api/activities/1': jsonResponse(200, activityDetail({ isSaved: true })),
      'DELETE /api/saves/activity/1': jsonResponse(200, { saved: false }),
    });
    const { user } = renderApp('/activity/1', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Saved' }));

    expect((await screen.findByRole('button', { name: 'Save' })).getAttribute('aria-pressed')).toBe('false');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('is not offered to visitors', async () => {
    mockApiRoutes(postRoutes);
    renderApp('/activity/1');

    expect(await screen.findByRole('heading', { name: 'Sunset picnic', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to collection' })).toBeNull();
  });
});
