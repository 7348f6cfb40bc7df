import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COLLECTION_LIMITS,
  messages,
  PLAN_LIST_PAGE,
  POST_LIST_PAGE,
  type Collection,
  type PlanListItem,
} from '@datebook/contracts';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import type { LiveSocket } from '@/lib/live-socket';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { postCard } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

const collection = (id: string, name: string): Collection => ({
  id,
  name,
  isDefault: id === '1',
  itemCount: 2,
  itemCountCapped: false,
  coverUrl: id === '1' ? 'https://media.example/cover.jpg' : null,
  coverProcessing: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const listRoute = `GET /api/collections?limit=${COLLECTION_LIMITS.list}`;
const savedRoute = `GET /api/saved/posts?limit=${POST_LIST_PAGE.defaultLimit}`;
const previewRoute = 'GET /api/plans?list=all&limit=3';
const draftsRoute = `GET /api/plans?list=drafts&limit=${PLAN_LIST_PAGE.defaultLimit}`;
const sharedRoute = `GET /api/plans?list=shared&limit=${PLAN_LIST_PAGE.defaultLimit}`;
const noPlans = jsonResponse(200, { items: [], nextCursor: null });
const ME = '7f1c2d3e-0000-4000-8000-000000000001';
const FRIEND = '7f1c2d3e-0000-4000-8000-000000000002';

const plan = (id: string, overrides: Partial<PlanListItem> = {}): PlanListItem => ({
  id,
  title: `Plan ${id}`,
  date: '2025-03-05',
  status: 'draft',
  role: 'owner',
  ownerId: ME,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  liveSocketRegistry.publish(null);
});

describe('Your Lists', () => {
  it('shows three skeletons while loading, then the first two collections', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApiRoutes({
      [listRoute]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [previewRoute]: noPlans,
    });
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
    mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [collection('1', 'Saved')] }),
      [previewRoute]: noPlans,
    });
    renderApp('/saved', { session: signedInAs() });

    expect(await screen.findByText(messages.empty.plannedDates)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Plan a Date' }).getAttribute('href')).toBe('/plan');
  });

  it('leads to Saved Posts and to Shared Posts', async () => {
    mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [collection('1', 'Saved')] }),
      [previewRoute]: noPlans,
    });
    const { user, router } = renderApp('/saved', { session: signedInAs() });

    expect((await screen.findByRole('link', { name: 'Saved Posts' })).getAttribute('href')).toBe(
      '/saved/posts',
    );
    await user.click(screen.getByRole('link', { name: 'Shared Posts' }));
    expect(await screen.findByRole('heading', { name: 'Shared Posts', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/saved/shared');
    expect(screen.getByText(messages.pages.comingSoon)).toBeTruthy();
  });

  it('previews up to three plans, each opening where its status says', async () => {
    mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [collection('1', 'Saved')] }),
      [previewRoute]: jsonResponse(200, {
        items: [
          plan('1'),
          plan('2', { status: 'prepared', role: 'collaborator', ownerId: FRIEND }),
          plan('3', { status: 'completed', date: null }),
        ],
        nextCursor: 'more',
      }),
    });
    renderApp('/saved', { session: signedInAs() });

    const rows = within(await screen.findByRole('list', { name: 'Planned' })).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/plan?id=1',
      '/plan/preview?id=2',
      '/plan/preview?id=3',
    ]);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Plan 1DraftOwnerMar 5, 2025',
      'Plan 2PreparedCollaboratorMar 5, 2025',
      'Plan 3CompletedOwnerDate TBD',
    ]);
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/saved/planned');
  });

  it('says when the plans cannot load', async () => {
    mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [collection('1', 'Saved')] }),
      [previewRoute]: errorResponse(403, 'FORBIDDEN', messages.errors.unexpected),
    });
    renderApp('/saved', { session: signedInAs() });
    expect(await screen.findByText(messages.plans.unableToLoadPlanned)).toBeTruthy();
  });

  it('says when the collections cannot load', async () => {
    mockApiRoutes({
      [listRoute]: errorResponse(403, 'FORBIDDEN', messages.errors.unexpected),
      [previewRoute]: noPlans,
    });
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
    expect(await screen.findByText(messages.empty.savedPosts)).toBeTruthy();
    expect(screen.queryByText(/this collection/i)).toBeNull();
  });
});

describe('Planned Dates', () => {
  it('lists drafts and shared plans with badges, roles and dates, and loads more', async () => {
    const fetchMock = mockApiRoutes({
      [draftsRoute]: jsonResponse(200, { items: [plan('1', { date: null })], nextCursor: null }),
      [sharedRoute]: jsonResponse(200, {
        items: [plan('2', { status: 'prepared', role: 'collaborator', ownerId: FRIEND })],
        nextCursor: 'next',
      }),
      [`GET /api/plans?list=shared&cursor=next&limit=${PLAN_LIST_PAGE.defaultLimit}`]: jsonResponse(200, {
        items: [plan('3', { status: 'completed' })],
        nextCursor: null,
      }),
    });
    const { user } = renderApp('/saved/planned', { session: signedInAs() });

    const drafts = within(await screen.findByRole('list', { name: 'Drafts' }));
    expect(drafts.getByRole('link').textContent).toBe('Plan 1DraftOwnerNo date selected');
    expect(drafts.getByRole('link').getAttribute('href')).toBe('/plan?id=1');

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const shared = within(screen.getByRole('list', { name: 'Shared & Completed' }));
    await shared.findByText('Plan 3');
    expect(shared.getAllByRole('link').map((row) => [row.textContent, row.getAttribute('href')])).toEqual([
      ['Plan 2PreparedCollaboratorMar 5, 2025', '/plan/preview?id=2'],
      ['Plan 3CompletedOwnerMar 5, 2025', '/plan/preview?id=3'],
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('says when a section is empty or cannot load', async () => {
    mockApiRoutes({
      [draftsRoute]: noPlans,
      [sharedRoute]: errorResponse(403, 'FORBIDDEN', messages.errors.unexpected),
    });
    renderApp('/saved/planned', { session: signedInAs() });
    expect(await screen.findByText(messages.empty.draftPlans)).toBeTruthy();
    expect(await screen.findByText(messages.plans.unableToLoadSharedList)).toBeTruthy();
  });

  it('refreshes when the member is invited to a plan', async () => {
    let shared: PlanListItem[] = [];
    mockApiRoutes({
      [draftsRoute]: noPlans,
      [sharedRoute]: () => jsonResponse(200, { items: shared, nextCursor: null }),
    });
    const listeners = new Map<string, (payload: unknown) => void>();
    const socket = {
      connected: true,
      on: (name: string, listener: (payload: unknown) => void) => listeners.set(name, listener),
      off: (name: string) => listeners.delete(name),
      emit: () => undefined,
    };
    liveSocketRegistry.publish(socket as unknown as LiveSocket);
    renderApp('/saved/planned', { session: signedInAs() });
    expect(await screen.findByText(messages.empty.sharedPlans)).toBeTruthy();

    shared = [plan('9', { status: 'prepared', role: 'collaborator', ownerId: FRIEND, title: 'Invited' })];
    listeners.get('plans.changed')?.({});
    expect(await screen.findByText('Invited')).toBeTruthy();
  });
});
