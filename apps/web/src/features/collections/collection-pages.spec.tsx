import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLLECTION_LIMITS, messages, POST_LIST_PAGE, type Collection } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const trips: Collection = {
  id: '2',
  name: 'Trips',
  isDefault: false,
  itemCount: 1,
  itemCountCapped: false,
  coverUrl: null,
  coverProcessing: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const listRoute = `GET /api/collections?limit=${COLLECTION_LIMITS.list}`;
const itemsRoute = `GET /api/collections/2/items?limit=${POST_LIST_PAGE.defaultLimit}`;
/** A refusal the cache does not retry, so the error shows at once. */
const refused = errorResponse(403, 'FORBIDDEN', messages.errors.unexpected);

describe('the collections page', () => {
  it('lists the collections, each linking to its page', async () => {
    mockApiRoutes({ [listRoute]: jsonResponse(200, { items: [trips] }) });
    renderApp('/ada/collections', { session: signedInAs() });

    const list = await screen.findByRole('list', { name: 'Your collections' });
    expect(within(list).getByRole('link', { name: /Trips/ }).getAttribute('href')).toBe(
      '/ada/collections/Trips',
    );
    expect(within(list).getByText('1 post')).toBeTruthy();
  });

  it('says a newly chosen cover is processing, and shows a ready one', async () => {
    const picnics = { ...trips, id: '3', name: 'Picnics', coverUrl: 'https://media.test/cover-640.jpg' };
    mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [{ ...trips, coverProcessing: true }, picnics] }),
    });
    renderApp('/ada/collections', { session: signedInAs() });

    const list = await screen.findByRole('list', { name: 'Your collections' });
    expect(within(list).getByRole('link', { name: /Trips/ }).textContent).toContain('Processing…');
    const ready = within(list).getByRole('link', { name: /Picnics/ });
    expect(ready.textContent).not.toContain('Processing…');
    expect(ready.querySelector('img')?.getAttribute('src')).toBe(picnics.coverUrl);
  });

  it('says so while loading and when empty', async () => {
    mockApiRoutes({ [listRoute]: jsonResponse(200, { items: [] }) });
    renderApp('/ada/collections', { session: signedInAs() });
    expect(await screen.findByText(messages.loading.collections)).toBeTruthy();
    expect(await screen.findByText(messages.empty.ownCollections)).toBeTruthy();
  });

  it('shows the load error', async () => {
    mockApiRoutes({ [listRoute]: refused });
    renderApp('/ada/collections', { session: signedInAs() });
    expect(await screen.findByText(messages.collections.unableToLoad)).toBeTruthy();
  });
});

describe('a collection page', () => {
  it('shows the cards of its posts, each with its save control', async () => {
    mockApiRoutes({
      'GET /api/collections/by-name/Trips': jsonResponse(200, trips),
      [itemsRoute]: jsonResponse(200, { items: [postCard({ isSaved: true })], nextCursor: null }),
    });
    renderApp('/ada/collections/Trips', { session: signedInAs() });

    const cards = await screen.findByRole('list', { name: 'Trips' });
    expect(within(cards).getByRole('link', { name: 'Sunset picnic' })).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when it has no posts', async () => {
    mockApiRoutes({
      'GET /api/collections/by-name/Trips': jsonResponse(200, { ...trips, itemCount: 0 }),
      [itemsRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
    renderApp('/ada/collections/Trips', { session: signedInAs() });
    expect(await screen.findByText(messages.empty.collectionPosts)).toBeTruthy();
  });

  it('is not found by a name the member has no collection of', async () => {
    mockApiRoutes({
      'GET /api/collections/by-name/Gone': errorResponse(404, 'NOT_FOUND', messages.collections.notFoundDot),
    });
    renderApp('/ada/collections/Gone', { session: signedInAs() });
    expect(await screen.findByText(messages.collections.notFoundDot)).toBeTruthy();
  });

  it('shows the load error for any other failure', async () => {
    mockApiRoutes({ 'GET /api/collections/by-name/Trips': refused });
    renderApp('/ada/collections/Trips', { session: signedInAs() });
    expect(await screen.findByText(messages.collections.unableToLoadOne)).toBeTruthy();
  });
});
