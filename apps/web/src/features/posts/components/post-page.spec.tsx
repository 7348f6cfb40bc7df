import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, POST_LIMITS, POST_LIST_PAGE, postMessages, type PostMediaItem } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { activityDetail, dateDetail } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const firstPage = `?limit=${POST_LIST_PAGE.defaultLimit}`;
const noComments = jsonResponse(200, { items: [], nextCursor: null });

const photo = (id: string, position: number): PostMediaItem => ({
  ...activityDetail().media[0]!,
  id,
  position,
  url: `https://media.example/${id}.jpg`,
});

describe('a post page', () => {
  it('is not found for a private date, even for its owner', async () => {
    mockApiRoutes({
      'GET /api/dates/5': jsonResponse(200, dateDetail({ isOwner: true, visibilityPublic: false })),
      [`GET /api/dates/5/comments${firstPage}`]: noComments,
    });
    renderApp('/date/5', { session: signedInAs() });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows a private recap of a plan to whoever the api lets see it', async () => {
    mockApiRoutes({
      'GET /api/dates/5': jsonResponse(200, dateDetail({ visibilityPublic: false, isPlanRecap: true })),
      [`GET /api/dates/5/comments${firstPage}`]: noComments,
    });
    renderApp('/date/5', { session: signedInAs() });

    expect(await screen.findByRole('heading', { name: 'Museum night', level: 1 })).toBeTruthy();
  });

  it('keeps showing a date its owner makes private while it is open', async () => {
    const fetchMock = mockApiRoutes({
      'GET /api/dates/5': jsonResponse(200, dateDetail({ isOwner: true })),
      [`GET /api/dates/5/comments${firstPage}`]: noComments,
      'PATCH /api/dates/5': jsonResponse(200, dateDetail({ isOwner: true, visibilityPublic: false })),
    });
    const { user } = renderApp('/date/5', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Date' });
    await user.click(within(edit).getByLabelText('Private Post'));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Private Post', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Museum night', level: 1 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true);
  });

  it('opens the full-size viewer at the photo clicked', async () => {
    mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail({ media: [photo('a', 0), photo('b', 1)] })),
      [`GET /api/activities/1/comments${firstPage}`]: noComments,
    });
    const { user } = renderApp('/activity/1');

    await user.click(await screen.findByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: /View full size/ }));

    const viewer = await screen.findByRole('dialog', { name: 'Sunset picnic' });
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Sunset picnic, 2 of 2');
  });

  it('says when the comments could not load, and tries again on request', async () => {
    let failures = 1;
    mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail()),
      [`GET /api/activities/1/comments${firstPage}`]: () =>
        // Refused outright (a 4xx is not retried), so the message shows at once.
        failures-- > 0 ? errorResponse(429, 'RATE_LIMITED', messages.errors.rateLimited) : noComments.clone(),
    });
    const { user } = renderApp('/activity/1');

    const alert = (await screen.findByText(messages.errors.rateLimited)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(messages.errors.rateLimited)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
  });

  it("shows each comment's author with avatar, display name and @username, linking to the profile", async () => {
    mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail({ commentCount: 1 })),
      [`GET /api/activities/1/comments${firstPage}`]: jsonResponse(200, {
        items: [
          {
            id: '3',
            body: 'We did this last spring!',
            author: {
              id: 'u2',
              username: 'ben',
              displayName: 'Ben Ortiz',
              avatarUrl: 'https://media.example/ben.jpg',
            },
            createdAt: '2026-11-01T00:00:00.000Z',
            canDelete: false,
          },
        ],
        nextCursor: null,
      }),
    });
    renderApp('/activity/1');

    const comments = within(await screen.findByRole('region', { name: 'Comments (1)' }));
    const author = await comments.findByRole('link', { name: 'Ben Ortiz @ben' });
    expect(author.getAttribute('href')).toBe('/profile/ben');
    expect(author.querySelector('img')?.getAttribute('src')).toBe('https://media.example/ben.jpg');
    expect(comments.getByText('We did this last spring!')).toBeTruthy();
  });

  it('copies the link when the device cannot share, and says so', async () => {
    mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail()),
      [`GET /api/activities/1/comments${firstPage}`]: noComments,
    });
    const { user } = renderApp('/activity/1');
    // jsdom has no share sheet; the clipboard is user-event's stand-in.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/activity/1`);
    expect(await screen.findByText(messages.share.linkCopied)).toBeTruthy();
  });

  it("refuses a tag past the api's limits in the edit dialog, keeping the text to shorten", async () => {
    mockApiRoutes({
      'GET /api/activities/1': jsonResponse(200, activityDetail({ isOwner: true })),
      [`GET /api/activities/1/comments${firstPage}`]: noComments,
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
    });
    const { user } = renderApp('/activity/1', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('dialog', { name: 'Edit Activity' });
    const tags = within(edit).getByRole('textbox', { name: /Tags/ });
    const tooLong = 'x'.repeat(POST_LIMITS.chip + 1);
    await user.type(tags, `${tooLong}{Enter}`);

    expect(within(edit).getByText(postMessages.chipTooLong)).toBeTruthy();
    expect(tags).toHaveProperty('value', tooLong);
    expect(within(within(edit).getByRole('list', { name: 'Tags' })).queryByText(tooLong)).toBeNull();
  });
});
