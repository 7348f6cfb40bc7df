import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLLECTION_LIMITS, messages, POST_LIST_PAGE, type Collection } from '@datebook/contracts';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const collection = (id: string, name: string): Collection => ({
  id,
  name,
  isDefault: id === '1',
  itemCount: 2,
  coverUrl: id === '1' ? 'https://media.example/cover.jpg' : null,
  coverProcessing: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const listRoute = `GET /api/collections?limit=${COLLECTION_LIMITS.list}`;
const savedRoute = `GET /api/saved/posts?limit=${POST_LIST_PAGE.defaultLimit}`;

describe('Your Lists', () => {
  it('shows three skeletons while loading, then the first two collections', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApiRoutes({ [listRoute]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/saved', { session: signedInAs() });

    expect(await screen.findByRole('heading', { name: 'Your Lists', level: 1 })).toBeTruthy();
    expect(screen.getByText('Manage your collections, shared posts, and planned activities')).toBeTruthy();
    expect(document.querySelectorAll('.collection-skeleton')).toHaveLength(3);

    answer(
      jsonResponse(200, {
        items: [collection('1', 'Saved'), collection('2', 'Trips'), collection('3', 'Food')],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Collections' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Saved2 posts', 'Trips2 posts']);
    expect(screen.getByRole('link', { name: 'View All >' }).getAttribute('href')).toBe('/ada/collections');
    expect(screen.getByRole('button', { name: 'Create a Collection' })).toBeTruthy();
  });

  it('shows the Planned section empty, with Plan a Date', async () => {
    mockApiRoutes({ [listRoute]: jsonResponse(200, { items: [collection('1', 'Saved')] }) });
    renderApp('/saved', { session: signedInAs() });

    expect(await screen.findByText(messages.empty.plannedDates)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Plan a Date' }).getAttribute('href')).toBe('/plan');
  });

  it('says when the collections cannot load', async () => {
    mockApiRoutes({ [listRoute]: errorResponse(403, 'FORBIDDEN', messages.errors.unexpected) });
    renderApp('/saved', { session: signedInAs() });
    expect(await screen.findByText(messages.collections.unableToLoad)).toBeTruthy();
  });
});

describe('Saved Posts', () => {
  it('pages with Load more and unsaves from a card once the api confirms', async () => {
    const fetchMock = mockApiRoutes({
      [savedRoute]: jsonResponse(200, { items: [postCard({ isSaved: true })], nextCursor: 'next' }),
      [`GET /api/saved/posts?cursor=next&limit=${POST_LIST_PAGE.defaultLimit}`]: jsonResponse(200, {
        items: [postCard({ id: '2', title: 'Night swim', isSaved: true })],
        nextCursor: null,
      }),
      'DELETE /api/saves/activity/2': jsonResponse(200, { saved: false }),
    });
    const { user } = renderApp('/saved/posts', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const cards = within(await screen.findByRole('list', { name: 'Saved Posts' }));
    const swim = (await cards.findByRole('link', { name: 'Night swim' })).closest('article')!;
    await user.click(within(swim).getByRole('button', { name: 'Save' }));

    await within(swim).findByRole('button', { name: 'Save', pressed: false });
    expect(cards.getAllByRole('button', { name: 'Save', pressed: true })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(sentBodies(fetchMock, 'DELETE /api/saves/activity/2')).toHaveLength(1);
  });

  it('says when nothing is saved', async () => {
    mockApiRoutes({ [savedRoute]: jsonResponse(200, { items: [], nextCursor: null }) });
    renderApp('/saved/posts', { session: signedInAs() });
    expect(await screen.findByText(messages.empty.collectionPosts)).toBeTruthy();
  });
});
