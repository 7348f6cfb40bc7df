import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, webRoutes } from '@datebook/contracts';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { ownProfile } from '@/testing/auth-fixtures';
import { jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp } from '@/testing/render-app';
import { draftStore } from './draft/draft-store';
import { EMPTY_DRAFT } from './draft/post-draft';
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
// The live socket is the stack's business (e2e); here it never connects.
vi.mock('@/lib/live-socket', () => ({ openLiveSocket: () => new Promise(() => undefined) }));

const uploadTicket = () => ({
  uploadId: crypto.randomUUID(),
  uploadUrl: 'https://storage.example/upload',
  key: 'u/date-media/p1.png',
  headers: { 'content-type': 'image/png' },
  expiresAt: Math.floor(Date.now() / 1000) + 600,
});
const createdDate = {
  ...postCard({ id: '7', kind: 'date' }),
  allowComments: true,
  isPlanRecap: false,
  isOwner: true,
  activities: [],
};

describe('the preview', () => {
  beforeEach(stubObjectUrls);
  afterEach(() => {
    storedDrafts.clear();
  });

  it("shows the photos one at a time, square, with the carousel's controls", async () => {
    const member = newMember();
    storedDrafts.set(member.id, readyDate({ media: [photo('p1'), photo('p2')] }));
    mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
    const { user } = renderApp(webRoutes.createPreview, { session: member.session });

    const photos = await screen.findByRole('group', { name: 'Photos of Sunset picnic' });
    expect(photos.className).toContain('carousel--square');
    expect(within(photos).getByRole('img').getAttribute('alt')).toBe('Sunset picnic, 1 of 2');
    await user.click(within(photos).getByRole('button', { name: 'Next photo' }));
    expect(within(photos).getByRole('img').getAttribute('alt')).toBe('Sunset picnic, 2 of 2');
    expect(within(photos).getAllByRole('button', { name: /^Show \d of 2$/ })).toHaveLength(2);
  });

  it("lists an activity's details in the post page's order, leaving out the empty optional ones", async () => {
    const member = newMember();
    storedDrafts.set(
      member.id,
      readyDate({
        kind: 'activity',
        categoryId: 3,
        mood: 'Chill',
        budget: '$$',
        timeRequired: 'Under 1 hour',
        locationType: 'Site Specific',
        location: 'Riverside Park',
        tags: ['outdoors'],
      }),
    );
    const outdoors = { id: 3, slug: 'outdoors', name: 'Outdoors', icon: '🌳', appliesTo: 'activity' };
    mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [outdoors] }),
    });
    renderApp(webRoutes.createPreview, { session: member.session });

    await screen.findByText('Outdoors');
    const rows = screen.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(rows).toEqual([
      ['Type', 'Activity'],
      ['Category', 'Outdoors'],
      ['Budget', '$$'],
      ['Mood', 'Chill'],
      ['Time required', 'Under 1 hour'],
      ['Location', 'Site Specific: Riverside Park'],
      ['Tags', '#outdoors'],
    ]);
  });
});

describe('publishing from the preview', () => {
  beforeEach(stubObjectUrls);
  afterEach(() => {
    storedDrafts.clear();
  });

  it('publishes once, then replaces the preview with /account, never passing by /create', async () => {
    const member = newMember();
    storedDrafts.set(member.id, readyDate());
    let answerCreate: (response: Response) => void = () => undefined;
    const fetchMock = mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
      'POST /api/media/uploads': () => jsonResponse(201, uploadTicket()),
      'PUT https://storage.example/upload': new Response(null, { status: 200 }),
      'POST /api/dates': () =>
        new Promise<Response>((resolve) => {
          answerCreate = resolve;
        }),
      'GET /api/profiles/me': jsonResponse(200, ownProfile({ id: member.id })),
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
    // Coming from the details step, as members do: its page is loaded, and a redirect to it is instant.
    const { router, user } = renderApp(webRoutes.create, { session: member.session });
    await screen.findByRole('textbox', { name: 'Title' });
    await router.navigate(webRoutes.createPreview);
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    const publish = await screen.findByRole('button', { name: 'Publish' });
    await user.dblClick(publish);
    await waitFor(() => expect(sentBodies(fetchMock, 'POST /api/dates')).toHaveLength(1));
    for (const name of ['Re-crop', 'Edit Photos', 'Edit Details']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }
    await user.click(publish);
    answerCreate(jsonResponse(201, createdDate));

    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.account));
    expect(await screen.findByText(messages.posts.published)).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sentBodies(fetchMock, 'POST /api/media/uploads')).toHaveLength(1);
    expect(sentBodies(fetchMock, 'POST /api/dates')).toHaveLength(1);
    await waitFor(() => expect(storedDrafts.has(member.id)).toBe(false));
    expect(draftStore.getSnapshot()).toEqual({ status: 'ready', userId: member.id, draft: EMPTY_DRAFT });
    expect(visited).not.toContain(webRoutes.create);
  });

  it('sends a retried publish under the same name, so a lost answer cannot make a second post', async () => {
    const member = newMember();
    storedDrafts.set(member.id, readyDate());
    let attempts = 0;
    const fetchMock = mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
      'POST /api/media/uploads': () => jsonResponse(201, uploadTicket()),
      'PUT https://storage.example/upload': new Response(null, { status: 200 }),
      'POST /api/dates': () => {
        attempts += 1;
        // The first answer never arrives, as when the connection drops after the api committed.
        return attempts === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(201, createdDate);
      },
      'GET /api/profiles/me': jsonResponse(200, ownProfile({ id: member.id })),
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
    const { router, user } = renderApp(webRoutes.create, { session: member.session });
    await screen.findByRole('textbox', { name: 'Title' });
    await router.navigate(webRoutes.createPreview);

    const publish = await screen.findByRole('button', { name: 'Publish' });
    await user.click(publish);
    await waitFor(() => expect(publish).toHaveProperty('disabled', false));
    expect(router.state.location.pathname).toBe(webRoutes.createPreview);
    await user.click(publish);

    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.account));
    const [first, second] = sentBodies(fetchMock, 'POST /api/dates') as Array<{ requestId: string }>;
    expect(first!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.requestId).toBe(first!.requestId);
  });
});
