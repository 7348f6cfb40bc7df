import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_PAGE, messages, type FeedCard } from '@datebook/contracts';
import { mockApiRoutes, urlOf } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const forYouRoute = `GET /api/feed/for-you?limit=${FEED_PAGE.defaultLimit}`;
const followingRoute = `GET /api/feed/following?limit=${FEED_PAGE.defaultLimit}`;

function feedCard(overrides: Partial<FeedCard> = {}): FeedCard {
  return { ...postCard(), relationship: null, mutualCount: 0, ...overrides };
}

function page(items: FeedCard[], nextCursor: string | null = null) {
  return jsonResponse(200, { items, nextCursor });
}

/** An answer the test gives later, to see what shows while a page loads. */
function heldAnswer() {
  let answer: (response: Response) => void = () => undefined;
  const pending = () =>
    new Promise<Response>((resolve) => {
      answer = resolve;
    });
  return { pending, answer: (response: Response) => answer(response) };
}

const feedGrid = (name: string) => screen.findByRole('list', { name });

afterEach(() => localStorage.clear());

describe('the home feed', () => {
  it('opens on For You with full cards and their relationship badges', async () => {
    mockApiRoutes({
      [forYouRoute]: page([
        feedCard({ id: '1', title: 'Sunset picnic', relationship: 'following' }),
        feedCard({ id: '2', title: 'Night swim', relationship: 'mutual', mutualCount: 3 }),
        feedCard({ id: '3', title: 'Pottery class' }),
      ]),
    });
    renderApp('/', { session: signedInAs() });

    const grid = await feedGrid('For You');
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Following')).toBeTruthy();
    expect(within(cards[1]!).getByText('3 mutual')).toBeTruthy();
    expect(within(cards[2]!).queryByText(/Following|mutual/)).toBeNull();
    expect(screen.getByRole('tab', { name: 'For You' }).getAttribute('aria-selected')).toBe('true');
  });

  it('switches to Following, asks for that feed, and remembers the tab', async () => {
    const fetchMock = mockApiRoutes({
      [forYouRoute]: page([feedCard({ id: '1', title: 'Sunset picnic' })]),
      [followingRoute]: page([feedCard({ id: '2', title: 'Night swim', relationship: 'following' })]),
    });
    const { user, router } = renderApp('/', { session: signedInAs() });
    await feedGrid('For You');

    await user.click(screen.getByRole('tab', { name: 'Following' }));

    const grid = await feedGrid('Following');
    expect(within(grid).getByText('Night swim')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toContain(
      `/api/feed/following?limit=${FEED_PAGE.defaultLimit}`,
    );
    expect(router.state.location.search).toBe('?tab=following');
    expect(localStorage.getItem('datebook.feedTab')).toBe('following');
  });

  it('moves between tabs with the arrow keys', async () => {
    mockApiRoutes({ [forYouRoute]: page([]), [followingRoute]: page([]) });
    const { user } = renderApp('/', { session: signedInAs() });
    await screen.findByText('Nothing to show yet');

    screen.getByRole('tab', { name: 'For You' }).focus();
    await user.keyboard('{ArrowRight}');

    const following = screen.getByRole('tab', { name: 'Following' });
    expect(following.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(following);
  });

  it('opens on the tab in the URL', async () => {
    mockApiRoutes({ [followingRoute]: page([feedCard({ title: 'Night swim' })]) });
    renderApp('/?tab=following', { session: signedInAs() });

    expect(within(await feedGrid('Following')).getByText('Night swim')).toBeTruthy();
  });

  it('opens on the tab last chosen on this device', async () => {
    localStorage.setItem('datebook.feedTab', 'following');
    mockApiRoutes({ [followingRoute]: page([feedCard({ title: 'Night swim' })]) });
    renderApp('/', { session: signedInAs() });

    expect(within(await feedGrid('Following')).getByText('Night swim')).toBeTruthy();
  });

  it('shows skeleton cards while the first page loads', async () => {
    const held = heldAnswer();
    mockApiRoutes({ [forYouRoute]: held.pending });
    renderApp('/', { session: signedInAs() });

    expect((await screen.findAllByTestId('feed-skeleton')).length).toBeGreaterThan(0);
    expect(screen.getByText(messages.loading.generic)).toBeTruthy();

    held.answer(page([feedCard({ title: 'Sunset picnic' })]));

    expect(await screen.findByText('Sunset picnic')).toBeTruthy();
    expect(screen.queryAllByTestId('feed-skeleton')).toHaveLength(0);
  });

  it("says 'Error loading feed' and loads again on retry", async () => {
    let calls = 0;
    mockApiRoutes({
      [forYouRoute]: () => {
        calls += 1;
        return calls === 1
          ? errorResponse(400, 'VALIDATION_FAILED', 'Invalid cursor')
          : page([feedCard({ title: 'Sunset picnic' })]);
      },
    });
    const { user } = renderApp('/', { session: signedInAs() });

    expect(await screen.findByText(messages.loads.errorFeed)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Sunset picnic')).toBeTruthy();
    expect(screen.queryByText(messages.loads.errorFeed)).toBeNull();
  });

  it('leads an empty Following feed to Explore', async () => {
    mockApiRoutes({ [followingRoute]: page([]) });
    renderApp('/?tab=following', { session: signedInAs() });

    expect(await screen.findByText('No posts from people you follow')).toBeTruthy();
    expect(screen.getByText(/Follow people to see their newest posts here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Explore' }).getAttribute('href')).toBe('/explore');
  });

  it('asks for the next page with the cursor the last one gave', async () => {
    const held = heldAnswer();
    const fetchMock = mockApiRoutes({
      [forYouRoute]: page([feedCard({ id: '1', title: 'Sunset picnic' })], 'next-1'),
      [`GET /api/feed/for-you?cursor=next-1&limit=${FEED_PAGE.defaultLimit}`]: held.pending,
    });
    const { user } = renderApp('/', { session: signedInAs() });
    await screen.findByText('Sunset picnic');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toContain(
        `/api/feed/for-you?cursor=next-1&limit=${FEED_PAGE.defaultLimit}`,
      ),
    );
    expect(screen.getAllByTestId('feed-skeleton').length).toBeGreaterThan(0);

    held.answer(page([feedCard({ id: '2', title: 'Night swim' })]));

    expect(await screen.findByText('Night swim')).toBeTruthy();
    expect(within(await feedGrid('For You')).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
