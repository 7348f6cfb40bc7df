import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  followLabels,
  FOLLOW_LIST_PAGE,
  messages,
  profileMessages,
  type FollowRequest,
  type FollowListItem,
} from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { mockApiRoutes, urlOf } from '@/testing/api-routes';
import { ownProfile } from '@/testing/auth-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp, signedInAs } from '@/testing/render-app';
import { fakeServerEvents, renderAppWithLive } from '@/testing/server-events';
import { useLiveFollowRequests } from './hooks/use-live-follow-requests';

const ME = 'GET /api/profiles/me';
const REQUESTS = `GET /api/follow-requests?limit=${FOLLOW_LIST_PAGE.defaultLimit}`;
const requestsAfter = (cursor: string) =>
  `GET /api/follow-requests?cursor=${cursor}&limit=${FOLLOW_LIST_PAGE.defaultLimit}`;
/** The account page's follower count, which opens the followers list. */
const FOLLOWERS_COUNT = /^\d+ followers?$/;
const FOLLOWERS = `GET /api/profiles/ada/followers?limit=${FOLLOW_LIST_PAGE.defaultLimit}`;

function request(username: string): FollowRequest {
  return {
    id: `id-${username}`,
    username,
    displayName: username.charAt(0).toUpperCase() + username.slice(1),
    avatarUrl: null,
    requestedAt: '2026-11-28T10:00:00.000Z',
  };
}

function follower(username: string): FollowListItem {
  return { id: `id-${username}`, username, displayName: null, avatarUrl: null, isFollowing: false };
}

const requestPage = (items: FollowRequest[], total = items.length, nextCursor: string | null = null) =>
  jsonResponse(200, { items, nextCursor, total });

const privateAda = (followRequestCount: number, followerCount = 0) =>
  jsonResponse(200, ownProfile({ isPrivate: true, followRequestCount, followerCount }));

const calls = (fetchMock: ReturnType<typeof mockApiRoutes>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}`);

async function openRequests(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: `${followLabels.followRequests} 2` }));
  return screen.findByRole('dialog', { name: followLabels.followRequests });
}

describe('the follow requests of a private member', () => {
  it('shows the entry with the pending count on the account page, and none on a public profile', async () => {
    mockApiRoutes({ [ME]: jsonResponse(200, ownProfile()) });
    renderApp('/account', { session: signedInAs() });
    expect(await screen.findByRole('heading', { name: 'Ada', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow requests/ })).toBeNull();
  });

  it('approves one request: the row leaves and the counts become the api’s', async () => {
    const fetchMock = mockApiRoutes({
      [ME]: privateAda(2),
      [REQUESTS]: requestPage([request('bob'), request('cleo')]),
      'POST /api/follow-requests/bob/approve': jsonResponse(200, { followRequestCount: 1, followerCount: 1 }),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    const dialog = await openRequests(user);

    expect(await within(dialog).findByText('@bob')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /@cleo/ }).getAttribute('href')).toBe('/profile/cleo');
    await user.click(within(dialog).getByRole('button', { name: 'Approve @bob' }));

    await waitFor(() => expect(within(dialog).queryByText('@bob')).toBeNull());
    expect(within(dialog).getByText('@cleo')).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/follow-requests/bob/approve');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: `${followLabels.followRequests} 1` })).toBeTruthy();
  });

  it('declines one request, and says so when it was withdrawn meanwhile', async () => {
    mockApiRoutes({
      [ME]: privateAda(2),
      [REQUESTS]: requestPage([request('bob'), request('cleo')]),
      'POST /api/follow-requests/bob/decline': jsonResponse(200, { followRequestCount: 1, followerCount: 0 }),
      'POST /api/follow-requests/cleo/decline': errorResponse(
        409,
        'CONFLICT',
        profileMessages.requestNotPending,
      ),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    const dialog = await openRequests(user);

    await user.click(await within(dialog).findByRole('button', { name: 'Decline @bob' }));
    await waitFor(() => expect(within(dialog).queryByText('@bob')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Decline @cleo' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(profileMessages.requestNotPending),
    );
    expect(within(dialog).queryByText('@cleo')).toBeNull();
  });

  it('approves all, then shows that none are left', async () => {
    let pending = [request('bob'), request('cleo')];
    mockApiRoutes({
      [ME]: privateAda(2),
      [REQUESTS]: () => requestPage(pending),
      'POST /api/follow-requests/approve-all': () => {
        pending = [];
        return jsonResponse(200, { followRequestCount: 0, followerCount: 2 });
      },
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    const dialog = await openRequests(user);

    await user.click(await within(dialog).findByRole('button', { name: followLabels.approveAll }));

    expect(await within(dialog).findByText(followLabels.noRequests)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: followLabels.declineAll })).toBeNull();
  });

  it('declines all', async () => {
    let pending = [request('bob'), request('cleo')];
    const fetchMock = mockApiRoutes({
      [ME]: privateAda(2),
      [REQUESTS]: () => requestPage(pending),
      'POST /api/follow-requests/decline-all': () => {
        pending = [];
        return jsonResponse(200, { followRequestCount: 0, followerCount: 0 });
      },
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    const dialog = await openRequests(user);

    await user.click(await within(dialog).findByRole('button', { name: followLabels.declineAll }));

    await waitFor(() => expect(within(dialog).queryByText('@bob')).toBeNull());
    expect(within(dialog).queryByText('@cleo')).toBeNull();
    expect(calls(fetchMock)).toContain('POST /api/follow-requests/decline-all');
  });

  it('says when there are none', async () => {
    mockApiRoutes({ [ME]: privateAda(0), [REQUESTS]: requestPage([]) });
    const { user } = renderApp('/account', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: `${followLabels.followRequests} 0` }));
    const dialog = await screen.findByRole('dialog', { name: followLabels.followRequests });
    expect(await within(dialog).findByText(followLabels.noRequests)).toBeTruthy();
  });

  it('shows the error when the list cannot be loaded', async () => {
    mockApiRoutes({
      [ME]: privateAda(2),
      [REQUESTS]: errorResponse(403, 'FORBIDDEN', messages.errors.forbidden),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    const dialog = await openRequests(user);
    expect(await within(dialog).findByText(messages.errors.forbidden)).toBeTruthy();
  });

  it('loads more requests page by page', async () => {
    mockApiRoutes({
      [ME]: privateAda(2),
      [REQUESTS]: requestPage([request('bob')], 2, 'c1'),
      [requestsAfter('c1')]: requestPage([request('cleo')], 2),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    const dialog = await openRequests(user);

    expect(await within(dialog).findByText('@bob')).toBeTruthy();
    expect(within(dialog).queryByText('@cleo')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));

    expect(await within(dialog).findByText('@cleo')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('is offered atop the followers list too', async () => {
    mockApiRoutes({
      [ME]: privateAda(2),
      [FOLLOWERS]: jsonResponse(200, { items: [], nextCursor: null }),
      [REQUESTS]: requestPage([request('bob')]),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: FOLLOWERS_COUNT }));
    const followers = await screen.findByRole('dialog', { name: 'Followers' });

    await user.click(within(followers).getByRole('button', { name: `${followLabels.followRequests} 2` }));

    const dialog = await screen.findByRole('dialog', { name: followLabels.followRequests });
    expect(await within(dialog).findByText('@bob')).toBeTruthy();
  });
});

describe('removing a follower', () => {
  it('asks first, then takes them off the list', async () => {
    const fetchMock = mockApiRoutes({
      [ME]: privateAda(0, 2),
      [FOLLOWERS]: jsonResponse(200, { items: [follower('bob'), follower('cleo')], nextCursor: null }),
      'DELETE /api/followers/bob': jsonResponse(200, { followRequestCount: 0, followerCount: 1 }),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: FOLLOWERS_COUNT }));
    const followers = await screen.findByRole('dialog', { name: 'Followers' });

    await user.click(await within(followers).findByRole('button', { name: 'Remove @bob' }));
    const confirm = await screen.findByRole('dialog', { name: followLabels.removeFollowerTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock)).not.toContain('DELETE /api/followers/bob');

    await user.click(within(followers).getByRole('button', { name: 'Remove @bob' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: followLabels.removeFollowerTitle })).getByRole(
        'button',
        {
          name: followLabels.removeFollower,
        },
      ),
    );

    await waitFor(() => expect(within(followers).queryByText('@bob')).toBeNull());
    expect(within(followers).getByText('@cleo')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: followLabels.removeFollowerTitle })).toBeNull();
  });

  it('keeps the confirmation open with the error when the api refuses', async () => {
    mockApiRoutes({
      [ME]: privateAda(0, 1),
      [FOLLOWERS]: jsonResponse(200, { items: [follower('bob')], nextCursor: null }),
      'DELETE /api/followers/bob': errorResponse(404, 'NOT_FOUND', profileMessages.notAFollower),
    });
    const { user } = renderApp('/account', { session: signedInAs() });
    await user.click(await screen.findByRole('button', { name: FOLLOWERS_COUNT }));
    await user.click(await screen.findByRole('button', { name: 'Remove @bob' }));
    const confirm = await screen.findByRole('dialog', { name: followLabels.removeFollowerTitle });
    await user.click(within(confirm).getByRole('button', { name: followLabels.removeFollower }));

    expect(await within(confirm).findByText(profileMessages.notAFollower)).toBeTruthy();
  });
});

function LiveRequests({ socket }: { socket: LiveSocket }) {
  useLiveFollowRequests(socket);
  return null;
}

describe('live follow requests', () => {
  it('updates the count as requests come, and the open list with it', async () => {
    let served = [request('bob')];
    mockApiRoutes({
      [ME]: privateAda(1),
      [REQUESTS]: () => requestPage(served),
    });
    const live = fakeServerEvents();
    const { user } = renderAppWithLive('/account', signedInAs(), <LiveRequests socket={live.socket} />);
    expect(await screen.findByRole('button', { name: `${followLabels.followRequests} 1` })).toBeTruthy();

    served = [request('cleo'), request('bob')];
    live.push('follow.requests.changed', { followRequestCount: 2 });

    const entry = await screen.findByRole('button', { name: `${followLabels.followRequests} 2` });
    await user.click(entry);
    const dialog = await screen.findByRole('dialog', { name: followLabels.followRequests });
    expect(await within(dialog).findByText('@cleo')).toBeTruthy();

    served = [request('bob')];
    live.push('follow.requests.changed', { followRequestCount: 1 });
    await waitFor(() => expect(within(dialog).queryByText('@cleo')).toBeNull());
  });
});
