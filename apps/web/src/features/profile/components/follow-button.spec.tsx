import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { followLabels, messages, POST_LIST_PAGE, type Profile } from '@datebook/contracts';
import type { LiveSocket } from '@/lib/live-socket';
import { mockApiRoutes, urlOf } from '@/testing/api-routes';
import { ADA_ID, ownProfile } from '@/testing/auth-fixtures';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';
import { fakeServerEvents, renderAppWithLive } from '@/testing/server-events';
import { useLiveFollowUpdates } from '../hooks/use-live-follow-updates';

const bob: Profile = {
  id: '7f1c2d3e-0000-4000-8000-000000000002',
  username: 'bob',
  displayName: 'Bob',
  avatarUrl: null,
  bio: 'Picnics and long walks.',
  isPrivate: false,
  accessType: 'standard',
  visible: true,
  followerCount: 3,
  followingCount: 1,
  location: null,
  tags: null,
  frequentTags: null,
  relationship: { isSelf: false, isFollowing: false, followsYou: false, requested: false },
};

/** The api for bob's profile; the follow request waits until the test answers it. */
function profileApi(initial: Profile) {
  let profile = initial;
  let readsHeld = false;
  let answerFollow: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = urlOf(input);
    if (url === '/api/follows/bob' && init?.method === 'PUT') {
      return new Promise<Response>((resolve) => {
        answerFollow = resolve;
      });
    }
    if (url === '/api/profiles/bob') {
      return readsHeld ? new Promise<Response>(() => undefined) : Promise.resolve(jsonResponse(200, profile));
    }
    return Promise.reject(new Error(`Unexpected request: ${url}`));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answerFollow: (response: Response) => answerFollow(response),
    /** Leaves later reads unanswered, so what shows comes from the cache alone. */
    holdReads: () => {
      readsHeld = true;
    },
    /** What the profile reads as from now on, as it would after the follow was stored. */
    serve: (next: Profile) => {
      profile = next;
    },
  };
}

const counts = () => within(screen.getByRole('list', { name: 'Follow counts' }));

describe('the follow button', () => {
  it('shows the follow at once and takes it back when the api refuses', async () => {
    const api = profileApi(bob);
    const { user } = renderApp('/profile/bob', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(screen.getByRole('button', { name: 'Following' })).toBeTruthy();
    expect(counts().getByText('4')).toBeTruthy();

    api.holdReads();
    api.answerFollow(errorResponse(500, 'INTERNAL', messages.errors.unexpected));

    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(counts().getByText('3')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages.errors.unexpected));
  });

  it('keeps the follow when the api confirms it, with the count it sends', async () => {
    const api = profileApi(bob);
    const { user } = renderApp('/profile/bob', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    api.serve({ ...bob, followerCount: 9, relationship: { ...bob.relationship, isFollowing: true } });
    api.answerFollow(jsonResponse(200, { following: true, requested: false, followerCount: 9 }));

    expect(await counts().findByText('9')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Following' })).toBeTruthy();
  });

  it('sends a visitor to log in, to come back to the profile', async () => {
    profileApi(bob);
    const { user, router } = renderApp('/profile/bob');

    await user.click(await screen.findByRole('button', { name: 'Follow' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(router.state.location.search).toBe('?redirect=%2Fprofile%2Fbob');
  });

  it('is not offered on one’s own profile', async () => {
    profileApi({
      ...bob,
      relationship: { isSelf: true, isFollowing: false, followsYou: false, requested: false },
    });
    renderApp('/profile/bob', { session: signedInAs({ username: 'bob' }) });

    expect(await screen.findByRole('heading', { name: 'Bob' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });
});

const privateDana: Profile = {
  ...bob,
  id: '7f1c2d3e-0000-4000-8000-000000000004',
  username: 'dana',
  displayName: 'Dana',
  isPrivate: true,
  visible: false,
  followerCount: null,
  followingCount: null,
};

describe('the follow button on a private profile', () => {
  it('asks: Requested at once, the profile still private, and Requested withdraws the request', async () => {
    // The api's state: a request waits after PUT, none after DELETE.
    let requested = false;
    const state = () => ({ following: false, requested, followerCount: null });
    const fetchMock = mockApiRoutes({
      'GET /api/profiles/dana': () =>
        jsonResponse(200, { ...privateDana, relationship: { ...privateDana.relationship, requested } }),
      'PUT /api/follows/dana': () => {
        requested = true;
        return jsonResponse(200, state());
      },
      'DELETE /api/follows/dana': () => {
        requested = false;
        return jsonResponse(200, state());
      },
    });
    const { user } = renderApp('/profile/dana', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: followLabels.follow }));

    expect(screen.getByRole('button', { name: followLabels.requested })).toBeTruthy();
    expect(screen.getByText(messages.empty.privateUser)).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: followLabels.requested }).getAttribute('aria-busy'),
      ).toBeNull(),
    );
    expect(screen.getByText(messages.empty.privateUser)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: followLabels.requested }));

    expect(await screen.findByRole('button', { name: followLabels.follow })).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}`);
    expect(calls).toContain('DELETE /api/follows/dana');
  });

  it('reads Requested for a request sent before', async () => {
    mockApiRoutes({
      'GET /api/profiles/dana': jsonResponse(200, {
        ...privateDana,
        relationship: { ...privateDana.relationship, requested: true },
      }),
    });
    renderApp('/profile/dana', { session: signedInAs() });

    expect(await screen.findByRole('button', { name: followLabels.requested })).toBeTruthy();
    expect(screen.getByText(messages.empty.privateUser)).toBeTruthy();
  });
});

function LiveFollows({ socket }: { socket: LiveSocket }) {
  useLiveFollowUpdates(socket, ADA_ID);
  return null;
}

describe('an approved request', () => {
  it('opens the private profile without a reload the moment it is approved', async () => {
    let approved = false;
    mockApiRoutes({
      'GET /api/profiles/dana': () =>
        jsonResponse(
          200,
          approved
            ? {
                ...privateDana,
                visible: true,
                followerCount: 1,
                followingCount: 0,
                relationship: { ...privateDana.relationship, isFollowing: true },
              }
            : { ...privateDana, relationship: { ...privateDana.relationship, requested: true } },
        ),
      [`GET /api/profiles/dana/activities?limit=${POST_LIST_PAGE.defaultLimit}`]: jsonResponse(200, {
        items: [postCard({ title: 'Sunset picnic' })],
        nextCursor: null,
      }),
      'GET /api/profiles/me': jsonResponse(200, ownProfile({ followingCount: 1 })),
    });
    const live = fakeServerEvents();
    renderAppWithLive('/profile/dana', signedInAs(), <LiveFollows socket={live.socket} />);
    expect(await screen.findByText(messages.empty.privateUser)).toBeTruthy();
    expect(screen.getByRole('button', { name: followLabels.requested })).toBeTruthy();

    approved = true;
    live.push('follow.request.approved', { followingId: privateDana.id, followingUsername: 'dana' });

    expect(await screen.findByText('Sunset picnic')).toBeTruthy();
    expect(screen.queryByText(messages.empty.privateUser)).toBeNull();
    expect(screen.getByRole('button', { name: followLabels.following })).toBeTruthy();
  });
});
