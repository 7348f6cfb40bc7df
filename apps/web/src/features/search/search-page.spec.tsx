import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_FILTERS,
  messages,
  POST_LIST_PAGE,
  STORAGE_KEYS,
  type Category,
  type PostCard,
  type SearchFilters,
  type UserSearchResult,
} from '@datebook/contracts';
import { mockApiRoutes, urlOf } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { ADA_ID } from '@/testing/auth-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';
import { fakeServerEvents, renderAppWithLive } from '@/testing/server-events';
import type { LiveSocket } from '@/lib/live-socket';
import { useLiveSearchFollows } from './hooks/use-live-search-follows';

const CATEGORIES: Category[] = [
  { id: 1, slug: 'outdoors', name: 'Outdoors', icon: '🌲', appliesTo: 'both' },
  { id: 2, slug: 'museums', name: 'Museums', icon: '🏛', appliesTo: 'date' },
];

const categoryRoutes = {
  'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [CATEGORIES[0]] }),
  'GET /api/categories?appliesTo=date': jsonResponse(200, { items: CATEGORIES }),
};

const activitiesUrl = (query: string) => `/api/search/activities?${query}&limit=10`;
const datesUrl = (query: string) => `/api/search/dates?${query}&limit=10`;
const usersUrl = (query: string) => `/api/search/users?${query}&limit=10`;

function page<T>(items: T[], nextCursor: string | null = null) {
  return jsonResponse(200, { items, nextCursor });
}

function member(overrides: Partial<UserSearchResult> = {}): UserSearchResult {
  return {
    id: '7f1c2d3e-0000-4000-8000-000000000003',
    username: 'cleo',
    displayName: 'Cleo',
    avatarUrl: null,
    followerCount: 1,
    isFollowing: false,
    requested: false,
    isPrivate: false,
    ...overrides,
  };
}

/** The three lists of one search under All, by their query text. */
function allRoutes(
  query: string,
  found: { activities?: PostCard[]; dates?: PostCard[]; users?: UserSearchResult[] } = {},
) {
  return {
    [`GET ${activitiesUrl(query)}`]: page(found.activities ?? []),
    [`GET ${datesUrl(query)}`]: page(found.dates ?? []),
    [`GET ${usersUrl(query)}`]: page(found.users ?? []),
  };
}

function storeSearch(query: string, filters: Partial<SearchFilters>) {
  localStorage.setItem(STORAGE_KEYS.searchQuery, query);
  localStorage.setItem(STORAGE_KEYS.searchFilters, JSON.stringify({ ...DEFAULT_SEARCH_FILTERS, ...filters }));
}

function searchCalls(fetchMock: ReturnType<typeof mockApiRoutes>): string[] {
  return fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((url) => url.startsWith('/api/search/'));
}

const searchBox = () => screen.findByRole('searchbox', { name: 'Search' });
/** The Filters toggle, whose name also says how many filters are chosen ("Filters 2 chosen"). */
const filtersToggle = () => screen.getByRole('button', { name: /^Filters\b/ });
const openFilters = async (user: ReturnType<typeof renderApp>['user']) => user.click(filtersToggle());
const chips = () =>
  within(screen.getByRole('list', { name: 'Active filters' }))
    .getAllByRole('button')
    .map((chip) => chip.textContent);

afterEach(() => localStorage.clear());

describe('the search page', () => {
  it('does nothing when the words are blank', async () => {
    const fetchMock = mockApiRoutes(categoryRoutes);
    const { user } = renderApp('/search');

    await user.type(await searchBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(searchCalls(fetchMock)).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.searchQuery)).toBeNull();
    expect(screen.queryByText(messages.empty.searchTitle)).toBeNull();
  });

  it('searches every type, shows a row per type and remembers the search', async () => {
    mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic', {
        activities: [postCard({ id: '1', title: 'Sunset picnic' })],
        dates: [postCard({ id: '5', kind: 'date', title: 'Picnic date' })],
        users: [member({ displayName: 'Picnic Pete', username: 'pete', followerCount: 1200 })],
      }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });

    await user.type(await searchBox(), '  picnic {Enter}');

    const activities = await screen.findByRole('list', { name: 'Activities' });
    expect(within(activities).getByText('Sunset picnic')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Dates' })).getByText('Picnic date')).toBeTruthy();
    const users = screen.getByRole('list', { name: 'Users' });
    expect(within(users).getByText('@pete')).toBeTruthy();
    expect(within(users).getByText('1.2k followers')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.searchQuery)).toBe('picnic');
  });

  it("says 'Searching...' while the results load", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic'),
      [`GET ${activitiesUrl('q=picnic')}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp('/search');

    await user.type(await searchBox(), 'picnic{Enter}');

    expect(await screen.findByText(messages.loading.searching)).toBeTruthy();
    answer(page([postCard({ title: 'Sunset picnic' })]).clone());
    expect(await screen.findByText('Sunset picnic')).toBeTruthy();
    expect(screen.queryByText(messages.loading.searching)).toBeNull();
  });

  it('keeps filter edits as a draft until Apply Filters', async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic'),
      ...allRoutes('q=picnic&budget=Free'),
      [`GET ${usersUrl('q=picnic')}`]: page([]),
    });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'picnic{Enter}');
    await screen.findByText(messages.empty.searchTitle);

    await openFilters(user);
    await user.selectOptions(screen.getByLabelText('Budget'), 'Free');
    await user.type(await searchBox(), '{Enter}');
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(6));
    expect(searchCalls(fetchMock).some((url) => url.includes('budget'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    await waitFor(() => expect(searchCalls(fetchMock)).toContain(activitiesUrl('q=picnic&budget=Free')));
    expect(searchCalls(fetchMock)).toContain(datesUrl('q=picnic&budget=Free'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchFilters) ?? '{}')).toMatchObject({
      budget: 'Free',
    });
  });

  it('asks a date search only for the filters a date has', async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=walk&budget=%24&mood=Romantic&time=Full+Day&specificity=Site-specific&sort=Newest')}`]:
        page([]),
      [`GET ${datesUrl('q=walk&budget=%24&sort=Newest')}`]: page([]),
      [`GET ${usersUrl('q=walk')}`]: page([]),
    });
    storeSearch('walk', {
      budget: '$',
      mood: 'Romantic',
      time: 'Full Day',
      specificity: 'Site-specific',
      sort: 'Newest',
    });
    renderApp('/search');

    expect(await screen.findByText(messages.empty.searchTitle)).toBeTruthy();
    expect(searchCalls(fetchMock)).toHaveLength(3);
  });

  it('Reset All restores Any and Relevance, stores them and searches again', async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic&budget=Free&sort=Newest'),
      ...allRoutes('q=picnic'),
    });
    storeSearch('picnic', { budget: 'Free', sort: 'Newest' });
    const { user } = renderApp('/search');
    await screen.findByText(messages.empty.searchTitle);
    await openFilters(user);
    expect(screen.getByLabelText('Budget')).toHaveProperty('value', 'Free');

    await user.click(screen.getByRole('button', { name: 'Reset All' }));

    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchFilters) ?? '{}')).toEqual(
      DEFAULT_SEARCH_FILTERS,
    );
    expect(screen.getByLabelText('Budget')).toHaveProperty('value', 'Any');
    expect(screen.getByLabelText('Sort By')).toHaveProperty('value', 'Relevance');
    await waitFor(() => expect(searchCalls(fetchMock)).toContain(activitiesUrl('q=picnic')));
  });

  it('hides Users while a category is chosen, leaving that tab for All', async () => {
    mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic'),
      [`GET ${activitiesUrl('q=picnic&category=outdoors')}`]: page([postCard({ title: 'Forest picnic' })]),
      [`GET ${datesUrl('q=picnic&category=outdoors')}`]: page([]),
    });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'picnic{Enter}');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await screen.findByText(messages.empty.searchTitle);

    await openFilters(user);
    await user.selectOptions(screen.getByLabelText('Category'), 'Outdoors');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));

    expect(await screen.findByText('Forest picnic')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'All Results' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the filters a search runs with as chips, and their count on Filters, with the panel closed', async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic&budget=Free&category=outdoors&sort=Newest')}`]: page([]),
      [`GET ${datesUrl('q=picnic&budget=Free&category=outdoors&sort=Newest')}`]: page([]),
    });
    storeSearch('picnic', { budget: 'Free', category: 'outdoors', sort: 'Newest' });
    renderApp('/search');

    await screen.findByText(messages.empty.searchTitle);
    await waitFor(() => expect(chips()).toEqual(['Budget: Free', 'Category: Outdoors', 'Sort By: Newest']));
    expect(filtersToggle().getAttribute('aria-expanded')).toBe('false');
    expect(filtersToggle().textContent).toBe('Filters3 chosen');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeNull();
  });

  it('shows no chip and no count while every filter is at its default', async () => {
    mockApiRoutes({ ...categoryRoutes, ...allRoutes('q=picnic') });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'picnic{Enter}');
    await screen.findByText(messages.empty.searchTitle);

    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(filtersToggle().textContent).toBe('Filters');
  });

  it('searches again without a filter whose chip is removed, focus staying on the chips', async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic&budget=Free&sort=Newest'),
      ...allRoutes('q=picnic&sort=Newest'),
      ...allRoutes('q=picnic'),
    });
    storeSearch('picnic', { budget: 'Free', sort: 'Newest' });
    const { user } = renderApp('/search');
    await screen.findByText(messages.empty.searchTitle);

    await user.click(screen.getByRole('button', { name: 'Remove filter Budget: Free' }));

    await waitFor(() => expect(searchCalls(fetchMock)).toContain(activitiesUrl('q=picnic&sort=Newest')));
    expect(chips()).toEqual(['Sort By: Newest']);
    expect(filtersToggle().textContent).toBe('Filters1 chosen');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Remove filter Sort By: Newest' }),
      ),
    );
    await openFilters(user);
    expect(screen.getByLabelText('Budget')).toHaveProperty('value', 'Any');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.searchFilters) ?? '{}')).toMatchObject({
      budget: 'Any',
      sort: 'Newest',
    });

    await user.click(screen.getByRole('button', { name: 'Remove filter Sort By: Newest' }));
    await waitFor(() => expect(searchCalls(fetchMock)).toContain(activitiesUrl('q=picnic')));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(filtersToggle()));
  });

  it('shows a category chosen on Explore as its chip; removing it leaves nothing to search', async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=&category=outdoors')}`]: page([postCard({ title: 'Forest picnic' })]),
      [`GET ${datesUrl('q=&category=outdoors')}`]: page([]),
    });
    storeSearch('', { category: 'outdoors' });
    const { user } = renderApp('/search');

    expect(await screen.findByText('Forest picnic')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Remove filter Category: Outdoors' })).toBeTruthy();
    expect(filtersToggle().textContent).toBe('Filters1 chosen');
    const asked = searchCalls(fetchMock).length;

    await user.click(screen.getByRole('button', { name: 'Remove filter Category: Outdoors' }));

    expect(screen.queryByText('Forest picnic')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(searchCalls(fetchMock)).toHaveLength(asked);
    expect(localStorage.getItem(STORAGE_KEYS.searchQuery)).toBe('');
  });

  it("gives every user tile the same lines: a private member's shows 'Private profile' for the count", async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${usersUrl('q=cle')}`]: page([
        member({ id: '7f1c2d3e-0000-4000-8000-000000000004', username: 'cleo', followerCount: 0 }),
        member({
          id: '7f1c2d3e-0000-4000-8000-000000000005',
          username: 'clem',
          displayName: null,
          isPrivate: true,
          followerCount: null,
        }),
      ]),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await user.type(await searchBox(), 'cle{Enter}');

    const tiles = within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('article');
    expect(
      tiles.map((tile) => [
        tile.querySelector('.user-tile__name')?.textContent,
        tile.querySelector('.user-tile__followers')?.textContent,
      ]),
    ).toEqual([
      ['Cleo', '0 followers'],
      ['clem', 'Private profile'],
    ]);
    expect(tiles.map((tile) => within(tile).getAllByRole('button').length)).toEqual([2, 2]);
  });

  it("offers 'Load More Results' only while the last page was full", async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=picnic'),
      [`GET ${activitiesUrl('q=picnic')}`]: page([postCard({ id: '1', title: 'Sunset picnic' })], 'next-1'),
      [`GET ${activitiesUrl('q=picnic&cursor=next-1')}`]: page([
        postCard({ id: '2', title: 'Night picnic' }),
      ]),
    });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'picnic{Enter}');
    await user.click(await screen.findByRole('tab', { name: 'Activities' }));
    await screen.findByText('Sunset picnic');

    await user.click(screen.getByRole('button', { name: 'Load More Results' }));

    expect(await screen.findByText('Night picnic')).toBeTruthy();
    expect(searchCalls(fetchMock)).toContain(activitiesUrl('q=picnic&cursor=next-1'));
    expect(within(screen.getByRole('list', { name: 'Activities' })).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load More Results' })).toBeNull();
  });

  it('says a failed search failed, not that nothing was found, and searches again on retry', async () => {
    let calls = 0;
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic')}`]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(400, 'VALIDATION_FAILED', 'These results have changed.')
          : page([postCard({ title: 'Sunset picnic' })]);
      },
    });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'picnic');
    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText(messages.loads.failedSearch)).toBeTruthy();
    expect(screen.queryByText(messages.empty.searchTitle)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Sunset picnic')).toBeTruthy();
  });

  it.each([
    { chip: 'Romantic Dates', tab: 'Dates', text: 'romantic', url: datesUrl('q=romantic') },
    { chip: 'Outdoor Activities', tab: 'Activities', text: 'outdoor', url: activitiesUrl('q=outdoor') },
    { chip: 'Budget Friendly', tab: 'All Results', text: '', url: activitiesUrl('q=&budget=Free') },
    { chip: 'Popular Activities', tab: 'Activities', text: '', url: activitiesUrl('q=&sort=Most+Popular') },
  ])('runs the $chip chip as a search', async ({ chip, tab, text, url }) => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      ...allRoutes('q=zzz'),
      [`GET ${url}`]: page([postCard({ title: 'Found by the chip' })]),
      [`GET ${datesUrl('q=&budget=Free')}`]: page([]),
    });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'zzz{Enter}');
    await screen.findByText(messages.empty.searchTitle);

    await user.click(screen.getByRole('button', { name: chip }));

    expect(await screen.findByText('Found by the chip')).toBeTruthy();
    expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    expect(await searchBox()).toHaveProperty('value', text);
    // Nobody's name is blank: a search without words does not look for members.
    expect(searchCalls(fetchMock).filter((call) => call.startsWith('/api/search/users'))).toEqual([
      usersUrl('q=zzz'),
    ]);
  });

  it('restores the stored search on first load and runs it', async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic&category=outdoors')}`]: page([postCard({ title: 'Forest picnic' })]),
      [`GET ${datesUrl('q=picnic&category=outdoors')}`]: page([]),
    });
    storeSearch('picnic', { category: 'outdoors' });
    const { user } = renderApp('/search');

    expect(await screen.findByText('Forest picnic')).toBeTruthy();
    expect(await searchBox()).toHaveProperty('value', 'picnic');
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    await openFilters(user);
    expect(screen.getByLabelText('Category')).toHaveProperty('value', 'outdoors');
  });

  it('does not search on first load when nothing worth searching is stored', async () => {
    const fetchMock = mockApiRoutes(categoryRoutes);
    storeSearch('   ', { budget: 'Free' });
    renderApp('/search');

    expect(await screen.findByRole('button', { name: 'Budget Friendly' })).toBeTruthy();
    expect(searchCalls(fetchMock)).toEqual([]);
  });

  it('gives visitors read-only cards and no Follow', async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic')}`]: page([postCard({ title: 'Sunset picnic' })]),
      [`GET ${usersUrl('q=picnic')}`]: page([member()]),
    });
    const { user } = renderApp('/search');
    await user.type(await searchBox(), 'picnic');
    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const card = within(await screen.findByRole('list', { name: 'Activities' })).getByRole('article');
    expect(within(card).getByText('Sunset picnic')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Like|Save|Share|Comments/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByText('@cleo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });

  it("marks a member's save at once, then saves", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic')}`]: page([postCard({ id: '1', title: 'Sunset picnic' })]),
      'PUT /api/saves/activity/1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'picnic');
    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-pressed')).toBe('false');

    await user.click(save);

    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${urlOf(input)}`)).toContain(
        'PUT /api/saves/activity/1',
      ),
    );
    answer(jsonResponse(200, { saved: true }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it("takes a member's save mark back when the save fails", async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic')}`]: page([postCard({ id: '1', title: 'Sunset picnic' })]),
      'PUT /api/saves/activity/1': () => jsonResponse(500, { error: { code: 'internal', message: 'Boom' } }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'picnic');
    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('false'),
    );
  });

  it('follows from a user tile, the count changing by one at once', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${usersUrl('q=cleo')}`]: page([member({ followerCount: 1 })]),
      'PUT /api/follows/cleo': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'cleo');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 follower')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Follow Cleo' }));

    expect(screen.getByText('2 followers')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Following Cleo' })).toBeTruthy();
    answer(jsonResponse(200, { following: true, requested: false, followerCount: 2 }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Following Cleo' }).getAttribute('aria-busy')).toBeNull(),
    );
    expect(screen.getByText('2 followers')).toBeTruthy();
  });

  it('asks a private member from a user tile: Requested, which withdraws the request', async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${usersUrl('q=cleo')}`]: page([member({ isPrivate: true, followerCount: null })]),
      'PUT /api/follows/cleo': jsonResponse(200, { following: false, requested: true, followerCount: null }),
      'DELETE /api/follows/cleo': jsonResponse(200, {
        following: false,
        requested: false,
        followerCount: null,
      }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'cleo');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await user.click(await screen.findByRole('button', { name: 'Follow Cleo' }));

    expect(await screen.findByRole('button', { name: 'Requested Cleo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Following Cleo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Requested Cleo' }));

    expect(await screen.findByRole('button', { name: 'Follow Cleo' })).toBeTruthy();
  });

  it('starts a user tile from Requested when a request already waits, and withdraws it', async () => {
    const fetchMock = mockApiRoutes({
      ...categoryRoutes,
      [`GET ${usersUrl('q=cleo')}`]: page([
        member({ isPrivate: true, requested: true, followerCount: null }),
      ]),
      'DELETE /api/follows/cleo': jsonResponse(200, {
        following: false,
        requested: false,
        followerCount: null,
      }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'cleo');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await user.click(await screen.findByRole('button', { name: 'Requested Cleo' }));

    expect(await screen.findByRole('button', { name: 'Follow Cleo' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input, init]) => `${init?.method} ${urlOf(input)}`)).toContain(
      'DELETE /api/follows/cleo',
    );
  });

  it('turns a Requested tile into Following the moment the member approves, with their count', async () => {
    const cleo = member({ isPrivate: true, requested: true, followerCount: null });
    mockApiRoutes({ ...categoryRoutes, [`GET ${usersUrl('q=cleo')}`]: page([cleo]) });
    const live = fakeServerEvents();
    const { user } = renderAppWithLive('/search', signedInAs(), <LiveSearchFollows socket={live.socket} />);
    await user.type(await searchBox(), 'cleo');
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: 'Requested Cleo' })).toBeTruthy();

    live.push('follow.changed', {
      followerId: ADA_ID,
      followerUsername: 'ada',
      followingId: cleo.id,
      following: true,
      followerCount: 3,
    });

    expect(await screen.findByRole('button', { name: 'Following Cleo' })).toBeTruthy();
    expect(screen.getByText('3 followers')).toBeTruthy();
  });

  it("starts the author's popup from Requested when the profile says a request waits", async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic')}`]: page([postCard({ title: 'Sunset picnic' })]),
      'GET /api/profiles/cleo': jsonResponse(200, {
        id: '7f1c2d3e-0000-4000-8000-000000000003',
        username: 'cleo',
        displayName: 'Cleo',
        avatarUrl: null,
        bio: null,
        isPrivate: true,
        accessType: 'standard',
        visible: false,
        followerCount: null,
        followingCount: null,
        location: null,
        tags: null,
        frequentTags: null,
        relationship: { isSelf: false, isFollowing: false, followsYou: false, requested: true },
      }),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'picnic');
    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const card = within(await screen.findByRole('list', { name: 'Activities' })).getByRole('article');

    await user.click(within(card).getByRole('link', { name: 'Cleo' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cleo' });
    expect(await within(dialog).findByRole('button', { name: 'Requested Cleo' })).toBeTruthy();
  });

  it("opens the author's popup from a card, with counts, Follow, View Profile and recent posts", async () => {
    mockApiRoutes({
      ...categoryRoutes,
      [`GET ${activitiesUrl('q=picnic')}`]: page([postCard({ title: 'Sunset picnic' })]),
      'GET /api/profiles/cleo': jsonResponse(200, {
        id: '7f1c2d3e-0000-4000-8000-000000000003',
        username: 'cleo',
        displayName: 'Cleo',
        avatarUrl: null,
        bio: null,
        isPrivate: false,
        accessType: 'standard',
        visible: true,
        followerCount: 1200,
        followingCount: 3,
        location: null,
        tags: [],
        frequentTags: ['picnic'],
        relationship: { isSelf: false, isFollowing: false, followsYou: false, requested: false },
      }),
      [`GET /api/profiles/cleo/activities?limit=${POST_LIST_PAGE.defaultLimit}`]: page([
        postCard({ id: '1', title: 'Sunset picnic', createdAt: '2026-11-01T00:00:00.000Z' }),
        postCard({ id: '2', title: 'Kite flying', createdAt: '2026-10-01T00:00:00.000Z' }),
        postCard({ id: '3', title: 'Rock pooling', createdAt: '2026-08-01T00:00:00.000Z' }),
      ]),
      [`GET /api/profiles/cleo/dates?limit=${POST_LIST_PAGE.defaultLimit}`]: page([
        postCard({ id: '9', kind: 'date', title: 'Museum night', createdAt: '2026-09-01T00:00:00.000Z' }),
      ]),
    });
    const { user } = renderApp('/search', { session: signedInAs() });
    await user.type(await searchBox(), 'picnic');
    await user.click(screen.getByRole('tab', { name: 'Activities' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const card = within(await screen.findByRole('list', { name: 'Activities' })).getByRole('article');

    await user.click(within(card).getByRole('link', { name: 'Cleo' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cleo' });
    expect(within(dialog).getByText('Cleo', { selector: '.author-card__name' })).toBeTruthy();
    expect(within(dialog).getByText('@cleo')).toBeTruthy();
    // The counts are a line of text, not a list.
    const counts = dialog.querySelector('.author-card__counts');
    expect(counts?.tagName).toBe('P');
    expect(counts?.textContent).toBe('1.2k followers3 following');
    expect(within(dialog).queryByRole('list', { name: 'Follow counts' })).toBeNull();
    const tags = within(dialog).getByRole('region', { name: 'Frequent Tags' });
    expect(within(tags).getByRole('heading', { name: 'Frequent Tags' })).toBeTruthy();
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['#picnic']);
    expect(within(dialog).getByRole('button', { name: 'Follow Cleo' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe(
      '/profile/cleo',
    );
    const recent = await within(dialog).findByRole('region', { name: 'Recent posts' });
    expect(
      within(recent)
        .getAllByRole('article')
        .map((article) => article.querySelector('.post-card__title')?.textContent),
    ).toEqual(['Sunset picnic', 'Kite flying', 'Museum night']);
  });
});

function LiveSearchFollows({ socket }: { socket: LiveSocket }) {
  useLiveSearchFollows(socket, ADA_ID);
  return null;
}
