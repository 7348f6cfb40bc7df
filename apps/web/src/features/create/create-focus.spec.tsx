import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webRoutes } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { ownProfile } from '@/testing/auth-fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp } from '@/testing/render-app';
import {
  newMember,
  ownActivitiesRoute,
  photo,
  readyDate,
  storedDrafts,
  stubObjectUrls,
} from './testing/create-fixtures';

vi.mock('./draft/draft-storage', async () => ({
  indexedDbDraftStorage: (await import('./testing/create-fixtures')).memoryDraftStorage,
}));
// jsdom decodes no images and has no canvas: the photo is "loaded" and nothing is drawn.
vi.mock('@/ui/image-crop/load-image', () => ({
  loadImage: () =>
    Promise.resolve({ element: new Image(), width: 800, height: 600, release: () => undefined }),
}));
vi.mock('@/ui/image-crop/crop-canvas', () => ({ drawCrop: () => undefined }));
vi.mock('@/lib/live-socket', () => ({ openLiveSocket: () => new Promise(() => undefined) }));

const chosen = () => screen.getByRole('list', { name: 'Chosen photos and videos' });
const tile = (name: string) => within(chosen()).getByRole('listitem', { name });
const focusedIs = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));
const focusedHeading = async (name: string, level: number) =>
  focusedIs(await screen.findByRole('heading', { name, level }));

describe('focus in the create flow', () => {
  beforeEach(() => {
    stubObjectUrls();
  });
  afterEach(() => {
    storedDrafts.clear();
  });

  it('stays on the moved photo’s buttons after a move, and says where it went', async () => {
    mockApiRoutes({ [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }) });
    const member = newMember();
    storedDrafts.set(member.id, readyDate({ media: [photo('a'), photo('b'), photo('c')] }));
    const { user } = renderApp(webRoutes.create, { session: member.session });
    await screen.findByRole('list', { name: 'Chosen photos and videos' });
    const third = storedDrafts.get(member.id)?.media[2]?.id;

    await user.click(within(tile('Photo 3')).getByRole('button', { name: 'Move Photo 3 earlier' }));

    // The same item, now second: its 'earlier' button keeps the focus.
    await focusedIs(within(tile('Photo 2')).getByRole('button', { name: 'Move Photo 2 earlier' }));
    expect(tile('Photo 2').dataset.mediaId).toBe(third);
    expect(screen.getByText('Photo moved to position 2 of 3.').getAttribute('aria-live')).toBe('polite');

    // Pressed again from the keyboard it reaches the front, where 'earlier' is off: 'later' takes over.
    await user.keyboard('{Enter}');
    await focusedIs(within(tile('Photo 1')).getByRole('button', { name: 'Move Photo 1 later' }));
    expect(tile('Photo 1').dataset.mediaId).toBe(third);
    expect(screen.getByText('Photo moved to position 1 of 3. It is the cover now.')).toBeTruthy();
  });

  it('puts focus on the heading of crop, on each next photo, and on the preview', async () => {
    mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
    const member = newMember();
    storedDrafts.set(member.id, readyDate({ media: [photo('a'), photo('b')] }));
    const { router, user } = renderApp(webRoutes.create, { session: member.session });

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.createCrop));
    await focusedHeading('Crop Photos', 1);

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await focusedHeading('Photo 2 of 2', 2);

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.createPreview));
    await focusedHeading('Preview', 1);
  });

  it('puts focus on the account’s heading once the post is published', async () => {
    const member = newMember();
    storedDrafts.set(member.id, readyDate());
    mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
      'POST /api/media/uploads': () =>
        jsonResponse(201, {
          uploadId: crypto.randomUUID(),
          uploadUrl: 'https://storage.example/upload',
          key: 'u/date-media/p1.png',
          headers: { 'content-type': 'image/png' },
          expiresAt: Math.floor(Date.now() / 1000) + 600,
        }),
      'PUT https://storage.example/upload': new Response(null, { status: 200 }),
      'POST /api/dates': () =>
        jsonResponse(201, {
          ...postCard({ id: '7', kind: 'date' }),
          allowComments: true,
          isPlanRecap: false,
          isOwner: true,
          activities: [],
        }),
      'GET /api/profiles/me': jsonResponse(200, ownProfile({ id: member.id, displayName: 'Ada Lovelace' })),
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
      'GET /api/profiles/ada/dates?limit=20': jsonResponse(200, { items: [], nextCursor: null }),
    });
    const { router, user } = renderApp(webRoutes.createPreview, { session: member.session });

    await user.click(await screen.findByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.account));
    await focusedHeading('Ada Lovelace', 1);
  });
});
