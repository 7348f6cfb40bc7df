import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, type Profile } from '@datebook/contracts';
import { urlOf } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp, signedInAs } from '@/testing/render-app';

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
  relationship: { isSelf: false, isFollowing: false, followsYou: false },
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
    api.answerFollow(jsonResponse(200, { following: true, followerCount: 9 }));

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
    profileApi({ ...bob, relationship: { isSelf: true, isFollowing: false, followsYou: false } });
    renderApp('/profile/bob', { session: signedInAs({ username: 'bob' }) });

    expect(await screen.findByRole('heading', { name: 'Bob' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });
});
