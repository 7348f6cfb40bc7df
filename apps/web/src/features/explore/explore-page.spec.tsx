import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_FILTERS,
  EXPLORE_LIMITS,
  messages,
  type Category,
  type PostCard,
  type UserSearchResult,
} from '@datebook/contracts';
import { mockApiRoutes, urlOf } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { ADA_ID } from '@/testing/auth-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';
import { fakeServerEvents, renderAppWithLive } from '@/testing/server-events';
import type { LiveSocket } from '@/lib/live-socket';
import { useLiveCreatorFollows } from './hooks/use-live-creator-follows';

const FEATURED = 'GET /api/explore/featured';
const CREATORS = 'GET /api/explore/creators';
const GRID = `GET /api/explore/activities?limit=${EXPLORE_LIMITS.gridDefault}`;
const gridAfter = (cursor: string) =>
  `GET /api/explore/activities?cursor=${cursor}&limit=${EXPLORE_LIMITS.gridDefault}`;

function category(slug: string, name: string, appliesTo: Category['appliesTo']): Category {
  return { id: slug.length, slug, name, icon: '*', appliesTo };
}

function creator(username: string, overrides: Partial<UserSearchResult> = {}): UserSearchResult {
  return {
    id: `id-${username}`,
    username,
    displayName: username.charAt(0).toUpperCase() + username.slice(1),
    avatarUrl: null,
    followerCount: 0,
    isFollowing: false,
    requested: false,
    isPrivate: false,
    ...overrides,
  };
}

const gridPage = (items: PostCard[], nextCursor: string | null = null) =>
  jsonResponse(200, { items, nextCursor });

/** An answer the test gives later, to see what shows while a request is under way. */
function heldAnswer() {
  let answer: (response: Response) => void = () => undefined;
  const pending = () =>
    new Promise<Response>((resolve) => {
      answer = resolve;
    });
  return { pending, answer: (response: Response) => answer(response) };
}

/** Every Explore request answered; a test overrides the ones it is about. */
function exploreApi(overrides: Record<string, Parameters<typeof mockApiRoutes>[0][string]> = {}) {
  return mockApiRoutes({
    [FEATURED]: jsonResponse(200, {
      items: [postCard({ id: '90', title: 'Hot air balloon' })],
    }),
    [CREATORS]: jsonResponse(200, { kind: 'popular', items: [creator('cleo', { followerCount: 1 })] }),
    [GRID]: gridPage([postCard({ id: '1', title: 'Sunset picnic' })]),
    'GET /api/categories?appliesTo=activity': jsonResponse(200, {
      items: [category('outdoors', 'Outdoors', 'both'), category('games', 'Games', 'activity')],
    }),
    'GET /api/categories?appliesTo=date': jsonResponse(200, {
      items: [category('outdoors', 'Outdoors', 'both'), category('anniversary', 'Anniversary', 'date')],
    }),
    ...overrides,
  });
}

const storedQuery = () => localStorage.getItem('searchQuery');
const storedFilters = () => JSON.parse(localStorage.getItem('searchFilters') ?? 'null') as unknown;
const requested = (fetchMock: ReturnType<typeof mockApiRoutes>) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}`);

afterEach(() => localStorage.clear());

describe('the Explore search box', () => {
  it('stores the words and the chosen filters on Enter and goes to /search', async () => {
    exploreApi();
    const { user, router } = renderApp('/explore');
    const box = await screen.findByRole('searchbox', { name: 'Search' });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByLabelText('Budget'), '$$');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Romantic');
    expect(screen.queryByLabelText('Sort By')).toBeNull();
    await user.type(box, '  picnic by the lake {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(storedQuery()).toBe('picnic by the lake');
    expect(storedFilters()).toEqual({ ...DEFAULT_SEARCH_FILTERS, budget: '$$', mood: 'Romantic' });
  });

  it('does nothing with blank words', async () => {
    exploreApi();
    const { user, router } = renderApp('/explore');

    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), '   {Enter}');

    expect(router.state.location.pathname).toBe('/explore');
    expect(storedQuery()).toBeNull();
    expect(storedFilters()).toBeNull();
  });

  it('counts the chosen filters on the toggle', async () => {
    exploreApi();
    const { user } = renderApp('/explore');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.selectOptions(screen.getByLabelText('Time'), 'Full Day');

    expect(screen.getByRole('button', { name: 'Filters 1 chosen' })).toBe(toggle);
  });
});

describe('the Explore categories', () => {
  it('lists every category once, and searches the one chosen with the words as typed', async () => {
    exploreApi();
    const { user, router } = renderApp('/explore');
    const categories = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Anniversary', 'Games', 'Outdoors']);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sunset');
    await user.click(within(categories).getByRole('button', { name: 'Outdoors' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(storedQuery()).toBe('sunset');
    expect(storedFilters()).toEqual({ ...DEFAULT_SEARCH_FILTERS, category: 'outdoors' });
  });

  it('searches a category with no words when none were typed', async () => {
    exploreApi();
    const { user, router } = renderApp('/explore');

    await user.click(await screen.findByRole('button', { name: 'Games' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(storedQuery()).toBe('');
    expect(storedFilters()).toEqual({ ...DEFAULT_SEARCH_FILTERS, category: 'games' });
  });
});

describe('the Explore creators', () => {
  const suggestions = [
    creator('cleo', { followerCount: 1 }),
    creator('dara', { followerCount: 1234 }),
    creator('eli', { displayName: null }),
    creator('fay'),
    creator('gus'),
  ];

  it('suggests four creators to a member, each leading to their profile', async () => {
    exploreApi({ [CREATORS]: jsonResponse(200, { kind: 'suggested', items: suggestions }) });
    renderApp('/explore', { session: signedInAs() });

    const section = await screen.findByRole('region', { name: 'Suggested Creators to Follow' });
    const rows = await within(section).findAllByRole('article');
    expect(rows).toHaveLength(4);
    expect(within(section).queryByText('@gus')).toBeNull();
    expect(within(rows[0]!).getByText('1 follower')).toBeTruthy();
    expect(within(rows[1]!).getByText('1.2k followers')).toBeTruthy();
    // No display name: the username stands in.
    expect(within(within(rows[2]!).getByRole('link')).getByText('eli')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/profile/cleo');
    expect(screen.queryByRole('region', { name: 'Popular Creators' })).toBeNull();
  });

  it('follows from the row, showing Following and the new count at once', async () => {
    const held = heldAnswer();
    const fetchMock = exploreApi({
      [CREATORS]: jsonResponse(200, { kind: 'suggested', items: suggestions }),
      'PUT /api/follows/cleo': held.pending,
    });
    const { user } = renderApp('/explore', { session: signedInAs() });
    const section = await screen.findByRole('region', { name: 'Suggested Creators to Follow' });
    const row = (await within(section).findAllByRole('article'))[0]!;

    await user.click(within(row).getByRole('button', { name: 'Follow Cleo' }));

    expect(within(row).getByRole('button', { name: 'Following Cleo' })).toBeTruthy();
    expect(within(row).getByText('2 followers')).toBeTruthy();
    expect(requested(fetchMock)).toContain('PUT /api/follows/cleo');

    // The api's own count wins when it answers.
    held.answer(jsonResponse(200, { following: true, requested: false, followerCount: 5 }));

    expect(await within(row).findByText('5 followers')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Following Cleo' })).toBeTruthy();
    // The list stays as it is on screen: the api would no longer suggest Cleo.
    expect(within(section).getAllByRole('article')).toHaveLength(4);
    expect(requested(fetchMock).filter((call) => call === CREATORS)).toHaveLength(1);
  });

  it('asks a private creator: Requested, the count unchanged, and Requested withdraws the request', async () => {
    const fetchMock = exploreApi({
      [CREATORS]: jsonResponse(200, {
        kind: 'popular',
        items: [creator('cleo', { isPrivate: true, followerCount: null })],
      }),
      'PUT /api/follows/cleo': jsonResponse(200, { following: false, requested: true, followerCount: null }),
      'DELETE /api/follows/cleo': jsonResponse(200, {
        following: false,
        requested: false,
        followerCount: null,
      }),
    });
    const { user } = renderApp('/explore', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Follow Cleo' }));

    expect(await screen.findByRole('button', { name: 'Requested Cleo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Following Cleo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Requested Cleo' }));

    expect(await screen.findByRole('button', { name: 'Follow Cleo' })).toBeTruthy();
    expect(requested(fetchMock)).toContain('DELETE /api/follows/cleo');
  });

  it('starts a creator from Requested when the list says a request waits, and withdraws it', async () => {
    const fetchMock = exploreApi({
      [CREATORS]: jsonResponse(200, {
        kind: 'suggested',
        items: [creator('cleo', { isPrivate: true, requested: true, followerCount: null })],
      }),
      'DELETE /api/follows/cleo': jsonResponse(200, {
        following: false,
        requested: false,
        followerCount: null,
      }),
    });
    const { user } = renderApp('/explore', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Requested Cleo' }));

    expect(await screen.findByRole('button', { name: 'Follow Cleo' })).toBeTruthy();
    expect(requested(fetchMock)).toContain('DELETE /api/follows/cleo');
  });

  it("shows a follow made elsewhere on the creator's row at once, the list left as it is", async () => {
    const fetchMock = exploreApi({
      [CREATORS]: jsonResponse(200, { kind: 'suggested', items: [creator('cleo', { followerCount: 4 })] }),
    });
    const live = fakeServerEvents();
    renderAppWithLive('/explore', signedInAs(), <LiveCreatorFollows socket={live.socket} />);
    expect(await screen.findByRole('button', { name: 'Follow Cleo' })).toBeTruthy();

    live.push('follow.changed', {
      followerId: ADA_ID,
      followerUsername: 'ada',
      followingId: 'id-cleo',
      following: true,
      followerCount: 5,
    });

    expect(await screen.findByRole('button', { name: 'Following Cleo' })).toBeTruthy();
    expect(screen.getByText('5 followers')).toBeTruthy();
    expect(requested(fetchMock).filter((call) => call === CREATORS)).toHaveLength(1);
  });

  it('takes a follow back when the api refuses it', async () => {
    exploreApi({
      [CREATORS]: jsonResponse(200, { kind: 'suggested', items: suggestions }),
      'PUT /api/follows/cleo': errorResponse(404, 'NOT_FOUND', messages.errors.notFound),
    });
    const { user } = renderApp('/explore', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Follow Cleo' }));

    expect(await screen.findByText(messages.errors.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow Cleo' })).toBeTruthy();
    expect(screen.getByText('1 follower')).toBeTruthy();
  });

  it('shows a visitor the popular creators, whose Follow leads to log in', async () => {
    exploreApi();
    const { user, router } = renderApp('/explore');

    const section = await screen.findByRole('region', { name: 'Popular Creators' });
    const follow = await within(section).findByRole('link', { name: 'Follow Cleo' });
    expect(screen.queryByRole('region', { name: 'Suggested Creators to Follow' })).toBeNull();

    await user.click(follow);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fexplore');
  });

  it('offers a retry when the creators fail to load', async () => {
    let calls = 0;
    exploreApi({
      [CREATORS]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(429, 'RATE_LIMITED', messages.errors.rateLimited)
          : jsonResponse(200, { kind: 'popular', items: [creator('cleo')] });
      },
    });
    const { user } = renderApp('/explore');
    const section = await screen.findByRole('region', { name: 'Popular Creators' });

    await user.click(await within(section).findByRole('button', { name: 'Try again' }));

    expect(await within(section).findByText('@cleo')).toBeTruthy();
  });
});

describe('Featured Activities', () => {
  it('shows skeleton tiles, then a row of tiles that open the post', async () => {
    const held = heldAnswer();
    exploreApi({
      [FEATURED]: held.pending,
      'GET /api/activities/90': errorResponse(404, 'NOT_FOUND', messages.errors.notFound),
    });
    const { user } = renderApp('/explore');

    expect((await screen.findAllByTestId('featured-skeleton')).length).toBeGreaterThan(0);

    held.answer(jsonResponse(200, { items: [postCard({ id: '90', title: 'Hot air balloon' })] }));

    const row = await screen.findByRole('list', { name: 'Featured Activities' });
    expect(screen.queryAllByTestId('featured-skeleton')).toHaveLength(0);
    await user.click(within(row).getByRole('button', { name: 'Hot air balloon' }));
    expect(await screen.findByRole('dialog', { name: 'Activity' })).toBeTruthy();
  });

  it('offers a retry when the row fails to load', async () => {
    let calls = 0;
    exploreApi({
      [FEATURED]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(400, 'VALIDATION_FAILED', 'Bad request')
          : jsonResponse(200, { items: [postCard({ id: '90', title: 'Hot air balloon' })] });
      },
    });
    const { user } = renderApp('/explore');
    const section = await screen.findByRole('region', { name: 'Featured Activities' });

    expect(await within(section).findByText("Couldn't load the featured activities.")).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Try again' }));

    expect(await within(section).findByText('Hot air balloon')).toBeTruthy();
  });
});

describe('the Explore Activities grid', () => {
  it('gives a visitor read-only cards', async () => {
    exploreApi();
    renderApp('/explore');

    const grid = await screen.findByRole('list', { name: 'Explore Activities' });
    const card = within(grid).getByRole('article');
    expect(within(card).getByText('Sunset picnic')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Like/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('lets a member like and save from a card', async () => {
    const fetchMock = exploreApi({
      'PUT /api/activities/1/like': jsonResponse(200, { liked: true, likeCount: 3 }),
    });
    const { user } = renderApp('/explore', { session: signedInAs() });
    const grid = await screen.findByRole('list', { name: 'Explore Activities' });
    const card = within(grid).getByRole('article');
    expect(within(card).getByRole('button', { name: 'Save' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Like, 2 likes' }));

    expect(await within(card).findByRole('button', { name: 'Like, 3 likes' })).toBeTruthy();
    expect(requested(fetchMock)).toContain('PUT /api/activities/1/like');
  });

  it('loads the next page with the cursor the last one gave, then says it reached the end', async () => {
    const held = heldAnswer();
    const fetchMock = exploreApi({
      [GRID]: gridPage([postCard({ id: '1', title: 'Sunset picnic' })], 'next-1'),
      [gridAfter('next-1')]: held.pending,
    });
    const { user } = renderApp('/explore');
    const grid = await screen.findByRole('list', { name: 'Explore Activities' });
    expect(screen.queryByText(/reached the end/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(requested(fetchMock)).toContain(gridAfter('next-1')));
    expect(screen.getAllByTestId('grid-skeleton').length).toBeGreaterThan(0);

    held.answer(gridPage([postCard({ id: '2', title: 'Night swim' })]));

    expect(await within(grid).findByText('Night swim')).toBeTruthy();
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText(/reached the end/)).toBeTruthy();
  });

  it('keeps the cards shown when the next page fails, and retries it', async () => {
    let calls = 0;
    exploreApi({
      [GRID]: gridPage([postCard({ id: '1', title: 'Sunset picnic' })], 'next-1'),
      [gridAfter('next-1')]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(400, 'VALIDATION_FAILED', 'This list has changed. Please reload it.')
          : gridPage([postCard({ id: '2', title: 'Night swim' })]);
      },
    });
    const { user } = renderApp('/explore');
    const section = await screen.findByRole('region', { name: 'Explore Activities' });

    await user.click(await within(section).findByRole('button', { name: 'Load more' }));

    expect(await within(section).findByText("Couldn't load the activities.")).toBeTruthy();
    expect(within(section).getByText('Sunset picnic')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Try again' }));

    expect(await within(section).findByText('Night swim')).toBeTruthy();
  });
});

function LiveCreatorFollows({ socket }: { socket: LiveSocket }) {
  useLiveCreatorFollows(socket, ADA_ID);
  return null;
}
