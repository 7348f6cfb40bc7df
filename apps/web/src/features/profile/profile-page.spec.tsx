import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages, POST_LIST_PAGE, type Profile } from '@datebook/contracts';
import { mockApiRoutes, urlOf } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { activityDetail, postCard } from '@/testing/post-fixtures';
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
  relationship: { isSelf: false, isFollowing: false, followsYou: false, requested: false },
};

const picnic = postCard();
const firstPage = `?limit=${POST_LIST_PAGE.defaultLimit}`;

/** Cleo's profile, her activities (the tab shown first) and dates. */
function cleosProfile(activities = [picnic], dates = [] as ReturnType<typeof postCard>[]) {
  return {
    'GET /api/profiles/cleo': jsonResponse(200, cleo),
    [`GET /api/profiles/cleo/activities${firstPage}`]: jsonResponse(200, {
      items: activities,
      nextCursor: null,
    }),
    [`GET /api/profiles/cleo/dates${firstPage}`]: jsonResponse(200, { items: dates, nextCursor: null }),
  };
}

describe('a public profile', () => {
  it("shows names, counts in the profile's style, location and frequent tags", async () => {
    mockApiRoutes(cleosProfile());
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

  it('says the member does not exist when there is none, and leads to Explore', async () => {
    mockApiRoutes({
      'GET /api/profiles/nobody': errorResponse(404, 'NOT_FOUND', messages.loads.failedProfile),
    });
    renderApp('/profile/nobody');

    expect(
      await screen.findByRole('heading', { name: messages.profiles.memberNotFound, level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('@nobody')).toBeTruthy();
    expect(screen.queryByText(messages.loads.failedProfile)).toBeNull();
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/explore');
  });

  it('says the profile failed to load on any other failure', async () => {
    mockApiRoutes({
      'GET /api/profiles/cleo': errorResponse(400, 'VALIDATION_FAILED', messages.errors.validation),
    });
    renderApp('/profile/cleo');

    expect(await screen.findByText(messages.loads.failedProfile)).toBeTruthy();
  });

  it('copies the profile link when the device cannot share, and says so', async () => {
    mockApiRoutes(cleosProfile());
    const { user } = renderApp('/profile/cleo');
    // jsdom has no share sheet; the clipboard is user-event's stand-in.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(await screen.findByRole('button', { name: 'Share' }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/profile/cleo`);
    // The toast's live region is there before its text: wait for the text, not the region.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
        messages.account.profileLinkCopied,
      ),
    );
  });
});

describe("a profile's Activities and Dates", () => {
  it('shows the activities first, then the dates, read-only to a visitor', async () => {
    const date = postCard({ id: '5', kind: 'date', title: 'Museum night' });
    mockApiRoutes(cleosProfile([picnic], [date]));
    const { user } = renderApp('/profile/cleo');

    const activities = await screen.findByRole('list', { name: 'Activities' });
    expect(within(activities).getByRole('button', { name: 'Sunset picnic' })).toBeTruthy();
    expect(within(activities).queryByRole('button', { name: /^Like/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Dates' }));
    const dates = await screen.findByRole('list', { name: 'Dates' });
    expect(within(dates).getByText('Museum night')).toBeTruthy();
  });

  it('says when the user has not created any posts', async () => {
    mockApiRoutes(cleosProfile([]));
    renderApp('/profile/cleo');

    expect(await screen.findByText(messages.empty.userPosts)).toBeTruthy();
  });

  it('does not offer to open a date its author kept private', async () => {
    const kept = postCard({ id: '6', kind: 'date', title: 'Anniversary', visibilityPublic: false });
    mockApiRoutes(cleosProfile([], [kept]));
    const { user } = renderApp('/profile/cleo', { session: signedInAs() });

    await user.click(await screen.findByRole('tab', { name: 'Dates' }));
    const dates = await screen.findByRole('list', { name: 'Dates' });
    expect(within(dates).getByText('Private Post')).toBeTruthy();
    expect(within(dates).queryByRole('button', { name: 'Anniversary' })).toBeNull();
  });

  it('likes from a card at once and puts the heart back when the api refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApiRoutes({
      ...cleosProfile(),
      'PUT /api/activities/1/like': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderApp('/profile/cleo', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Like, 2 likes' }));
    const liked = await screen.findByRole('button', { name: 'Like, 3 likes' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');

    answer(errorResponse(500, 'INTERNAL', messages.errors.unexpected));
    const back = await screen.findByRole('button', { name: 'Like, 2 likes' });
    expect(back.getAttribute('aria-pressed')).toBe('false');
  });

  it('counts every click: a quick like then unlike reach the api in that order, and the last wins', async () => {
    const answers: Array<(response: Response) => void> = [];
    const held = () => new Promise<Response>((resolve) => answers.push(resolve));
    const fetchMock = mockApiRoutes({
      ...cleosProfile(),
      'PUT /api/activities/1/like': held,
      'DELETE /api/activities/1/like': held,
    });
    const { user } = renderApp('/profile/cleo', { session: signedInAs() });
    const sent = () =>
      fetchMock.mock.calls.flatMap(([input, init]) => (urlOf(input).endsWith('/like') ? [init?.method] : []));

    await user.click(await screen.findByRole('button', { name: 'Like, 2 likes' }));
    await user.click(await screen.findByRole('button', { name: 'Like, 3 likes' }));
    expect(screen.getByRole('button', { name: 'Like, 2 likes' }).getAttribute('aria-pressed')).toBe('false');
    // The unlike waits for the like's answer, so the api sees them in the order they were clicked.
    expect(sent()).toEqual(['PUT']);

    answers[0]!(jsonResponse(200, { liked: true, likeCount: 3 }));
    await waitFor(() => expect(sent()).toEqual(['PUT', 'DELETE']));
    // The like's answer does not undo the unlike on show.
    expect(screen.getByRole('button', { name: 'Like, 2 likes' }).getAttribute('aria-pressed')).toBe('false');
    answers[1]!(jsonResponse(200, { liked: false, likeCount: 2 }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like, 2 likes' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
  });

  it("opens a card's comments in the post's popup", async () => {
    mockApiRoutes({
      ...cleosProfile(),
      'GET /api/activities/1': jsonResponse(200, activityDetail()),
      'GET /api/activities/1/comments': jsonResponse(200, { items: [], nextCursor: null }),
    });
    const { user } = renderApp('/profile/cleo', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Comments, 1' }));

    const popup = await screen.findByRole('dialog', { name: 'Activity' });
    expect(await within(popup).findByRole('heading', { name: 'Sunset picnic', level: 2 })).toBeTruthy();
  });
});
