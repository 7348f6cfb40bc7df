import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, type Profile } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { renderApp, signedInAs } from '@/testing/render-app';

const cleo: Profile = {
  id: '7f1c2d3e-0000-4000-8000-000000000003',
  username: 'cleo',
  displayName: 'Cleo',
  avatarUrl: null,
  bio: null,
  isPrivate: false,
  accessType: 'standard',
  visible: true,
  followerCount: 1234,
  followingCount: 1,
  location: 'Lisbon',
  tags: ['picnic'],
  frequentTags: ['picnic', 'museums'],
  relationship: { isSelf: false, isFollowing: false, followsYou: false },
};

describe('a public profile', () => {
  it("shows names, counts in the profile's style, location and frequent tags", async () => {
    mockApiRoutes({ 'GET /api/profiles/cleo': jsonResponse(200, cleo) });
    renderApp('/profile/cleo');

    expect(await screen.findByRole('heading', { name: 'Cleo', level: 1 })).toBeTruthy();
    expect(screen.getByText('@cleo')).toBeTruthy();
    const counts = within(screen.getByRole('list', { name: 'Follow counts' })).getAllByRole('listitem');
    expect(counts.map((count) => count.textContent)).toEqual(['1.2k followers', '1 following']);
    expect(screen.getByText('Lisbon')).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Frequent tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['#picnic', '#museums']);
  });

  it("shows a private profile's names only, with 'This user is private.' and Follow", async () => {
    mockApiRoutes({
      'GET /api/profiles/cleo': jsonResponse(200, {
        ...cleo,
        isPrivate: true,
        visible: false,
        followerCount: null,
        followingCount: null,
        location: null,
        tags: null,
        frequentTags: null,
      }),
    });
    renderApp('/profile/cleo', { session: signedInAs() });

    expect(await screen.findByText(messages.empty.privateUser)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cleo', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Follow counts' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it("sends the viewer home from another member's admin profile", async () => {
    mockApiRoutes({
      'GET /api/profiles/root': errorResponse(403, 'FORBIDDEN', messages.errors.forbidden),
    });
    const { router } = renderApp('/profile/root', { session: signedInAs() });

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says the profile failed to load when there is none', async () => {
    mockApiRoutes({
      'GET /api/profiles/nobody': errorResponse(404, 'NOT_FOUND', messages.loads.failedProfile),
    });
    renderApp('/profile/nobody');

    expect(await screen.findByText(messages.loads.failedProfile)).toBeTruthy();
  });

  it('copies the profile link when the device cannot share, and says so', async () => {
    mockApiRoutes({ 'GET /api/profiles/cleo': jsonResponse(200, cleo) });
    const { user } = renderApp('/profile/cleo');
    // jsdom has no share sheet; the clipboard is user-event's stand-in.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/profile/cleo`);
    expect((await screen.findByRole('status')).textContent).toBe(messages.account.profileLinkCopied);
  });
});
