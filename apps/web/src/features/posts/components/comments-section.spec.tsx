import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, POST_LIST_PAGE, type Comment } from '@datebook/contracts';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { ADA_ID } from '@/testing/auth-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { activityDetail } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const commentsUrl = `GET /api/activities/1/comments?limit=${POST_LIST_PAGE.defaultLimit}`;
const noComments = jsonResponse(200, { items: [], nextCursor: null });
const postComment = 'POST /api/activities/1/comments';

const stored = (body: string): Comment => ({
  id: '77',
  body,
  author: { id: ADA_ID, username: 'ada', displayName: null, avatarUrl: null },
  createdAt: '2026-12-08T10:00:00.000Z',
  canDelete: true,
});

describe('adding a comment', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('sends a comment tried again after a failure under the same id, so the api stores it once', async () => {
    let attempts = 0;
    const fetchMock = mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail()),
      [commentsUrl]: noComments,
      [postComment]: () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(503, 'UNAVAILABLE', messages.errors.unavailable)
          : jsonResponse(201, stored('Lovely spot'));
      },
    });
    const { user } = renderApp('/activity/1', { session: signedInAs() });
    await user.type(await screen.findByLabelText('Add a comment'), 'Lovely spot');

    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText(messages.errors.unavailable)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    await waitFor(() => expect(screen.getByLabelText('Add a comment')).toHaveProperty('value', ''));
    const [first, second] = sentBodies(fetchMock, postComment) as Array<{ body: string; clientId: string }>;
    expect(first).toEqual({ body: 'Lovely spot', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(second).toEqual(first);
  });

  it('gives a new comment a new id', async () => {
    const fetchMock = mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail()),
      [commentsUrl]: noComments,
      [postComment]: () => jsonResponse(201, stored('One')),
    });
    const { user } = renderApp('/activity/1', { session: signedInAs() });
    const field = await screen.findByLabelText('Add a comment');

    await user.type(field, 'One');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(field).toHaveProperty('value', ''));
    await user.type(field, 'Two');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    await waitFor(() => expect(sentBodies(fetchMock, postComment)).toHaveLength(2));
    const [one, two] = sentBodies(fetchMock, postComment) as Array<{ clientId: string }>;
    expect(one!.clientId).not.toBe(two!.clientId);
  });

  it('says a comment made offline will be sent, and sends it once when back online', async () => {
    const fetchMock = mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail()),
      [commentsUrl]: noComments,
      [postComment]: () => jsonResponse(201, stored('From the train')),
    });
    const { user } = renderApp('/activity/1', { session: signedInAs() });
    await user.type(await screen.findByLabelText('Add a comment'), 'From the train');

    onlineManager.setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Post comment' }));

    expect((await screen.findByText(messages.queued.whenOnline)).getAttribute('role')).toBe('status');
    expect(sentBodies(fetchMock, postComment)).toHaveLength(0);

    onlineManager.setOnline(true);

    await waitFor(() => expect(screen.queryByText(messages.queued.whenOnline)).toBeNull());
    expect(sentBodies(fetchMock, postComment)).toHaveLength(1);
  });
});
