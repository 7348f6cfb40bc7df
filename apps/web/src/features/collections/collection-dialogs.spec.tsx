import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COLLECTION_LIMITS,
  collectionMessages,
  mediaMessages,
  messages,
  POST_LIST_PAGE,
  type Collection,
} from '@datebook/contracts';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
import { activityDetail } from '@/testing/post-fixtures';
import { renderApp, signedInAs } from '@/testing/render-app';

function collection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: '1',
    name: 'Saved',
    isDefault: true,
    itemCount: 0,
    itemCountCapped: false,
    coverUrl: null,
    coverProcessing: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const saved = collection();
const trips = collection({ id: '2', name: 'Trips', isDefault: false });
const listRoute = `GET /api/collections?limit=${COLLECTION_LIMITS.list}`;
const emptyPage = jsonResponse(200, { items: [], nextCursor: null });
const postRoutes = {
  'GET /api/activities/1': jsonResponse(200, activityDetail()),
  [`GET /api/activities/1/comments?limit=${POST_LIST_PAGE.defaultLimit}`]: emptyPage,
  [listRoute]: jsonResponse(200, { items: [saved, trips] }),
  'GET /api/saves/activity/1/collections': jsonResponse(200, { collectionIds: [], saved: false }),
};

async function openAddToCollection() {
  const { user } = renderApp('/activity/1', { session: signedInAs() });
  await user.click(await screen.findByRole('button', { name: 'Add to collection' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add to collection' });
  await within(dialog).findByLabelText('Trips');
  return { user, dialog: within(dialog) };
}

describe('the add to collection dialog', () => {
  it('ticks what holds the post, also ticks the default with another, sends what changed and confirms', async () => {
    const fetchMock = mockApiRoutes({
      ...postRoutes,
      'PATCH /api/saves/activity/1/collections': jsonResponse(200, {
        collectionIds: ['1', '2'],
        saved: true,
      }),
    });
    const { user, dialog } = await openAddToCollection();

    expect(dialog.getByLabelText<HTMLInputElement>('Saved').checked).toBe(false);
    await user.click(dialog.getByLabelText('Trips'));
    expect(dialog.getByLabelText<HTMLInputElement>('Saved').checked).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to collection' })).toBeNull());
    expect(sentBodies(fetchMock, 'PATCH /api/saves/activity/1/collections')).toEqual([
      { add: ['2', '1'], remove: [] },
    ]);
    expect((await screen.findByRole('button', { name: 'Saved' })).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Saved to Trips and Saved')).toBeTruthy();
  });

  it('names only its own changes, so a collection the list does not show keeps the post', async () => {
    const fetchMock = mockApiRoutes({
      ...postRoutes,
      // Collection 9 is beyond the collections this list shows.
      'GET /api/saves/activity/1/collections': jsonResponse(200, { collectionIds: ['1', '9'], saved: true }),
      'PATCH /api/saves/activity/1/collections': jsonResponse(200, {
        collectionIds: ['1', '9', '2'],
        saved: true,
      }),
    });
    const { user, dialog } = await openAddToCollection();

    await user.click(dialog.getByLabelText('Trips'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH /api/saves/activity/1/collections')).toEqual([
        { add: ['2'], remove: [] },
      ]),
    );
  });

  it('sends every untick, taking the post out of every collection', async () => {
    const fetchMock = mockApiRoutes({
      ...postRoutes,
      'GET /api/saves/activity/1/collections': jsonResponse(200, { collectionIds: ['1', '2'], saved: true }),
      'PATCH /api/saves/activity/1/collections': jsonResponse(200, { collectionIds: [], saved: false }),
    });
    const { user, dialog } = await openAddToCollection();

    expect(dialog.getByLabelText<HTMLInputElement>('Trips').checked).toBe(true);
    await user.click(dialog.getByLabelText('Trips'));
    await user.click(dialog.getByLabelText('Saved'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PATCH /api/saves/activity/1/collections')).toEqual([
        { add: [], remove: ['1', '2'] },
      ]),
    );
    expect(await screen.findByText('Removed from your collections')).toBeTruthy();
  });

  it('stays open with the spec text when saving fails', async () => {
    mockApiRoutes({
      ...postRoutes,
      'PATCH /api/saves/activity/1/collections': errorResponse(500, 'INTERNAL', messages.errors.unexpected),
    });
    const { user, dialog } = await openAddToCollection();

    await user.click(dialog.getByLabelText('Trips'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(messages.collections.unableToSave);
    expect(screen.getByRole('dialog', { name: 'Add to collection' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save', pressed: false })).toBeTruthy();
  });

  it('creates a collection from the dialog and ticks it', async () => {
    const dates = collection({ id: '3', name: 'Dates', isDefault: false });
    let created = false;
    mockApiRoutes({
      ...postRoutes,
      [listRoute]: () => jsonResponse(200, { items: created ? [saved, dates, trips] : [saved, trips] }),
      'POST /api/collections': () => {
        created = true;
        return jsonResponse(201, dates);
      },
    });
    const { user, dialog } = await openAddToCollection();

    await user.click(dialog.getByRole('button', { name: 'Create a Collection' }));
    const create = within(await screen.findByRole('dialog', { name: 'Create a Collection' }));
    await user.type(create.getByLabelText('Collection name'), 'Dates');
    await user.click(create.getByRole('button', { name: 'Create' }));

    expect((await dialog.findByLabelText<HTMLInputElement>('Dates')).checked).toBe(true);
    expect(dialog.getByLabelText<HTMLInputElement>('Saved').checked).toBe(true);
  });
});

describe('the create collection dialog', () => {
  async function openCreate(routes: Parameters<typeof mockApiRoutes>[0] = {}) {
    const fetchMock = mockApiRoutes({ [listRoute]: jsonResponse(200, { items: [saved, trips] }), ...routes });
    const { user } = renderApp('/ada/collections', { session: signedInAs() });
    await screen.findByRole('list', { name: 'Your collections' });
    await user.click(screen.getByRole('button', { name: 'Create a Collection' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Collection' }));
    return { user, dialog, fetchMock, field: dialog.getByLabelText('Collection name') };
  }

  it('refuses an empty name and a case-insensitive duplicate, and the error clears on typing', async () => {
    const { user, dialog, field, fetchMock } = await openCreate();

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText(messages.collections.invalidName)).toBeTruthy();

    await user.type(field, ' trips ');
    expect(dialog.queryByText(messages.collections.invalidName)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(dialog.getByText(messages.collections.invalidName)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/collections')).toEqual([]);
  });

  it('shows the api refusal of a duplicate as the invalid name', async () => {
    const { user, dialog, field } = await openCreate({
      'POST /api/collections': errorResponse(400, 'VALIDATION_FAILED', messages.errors.unexpected, [
        { path: 'name', message: messages.collections.invalidName },
      ]),
    });

    await user.type(field, 'Picnics');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByText(messages.collections.invalidName)).toBeTruthy();
  });

  it('says so when the member already has as many collections as they may', async () => {
    const { user, dialog, field } = await openCreate({
      'POST /api/collections': errorResponse(409, 'CONFLICT', collectionMessages.tooMany),
    });

    await user.type(field, 'Picnics');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByText(collectionMessages.tooMany)).toBeTruthy();
  });

  it('says to try again when the api fails', async () => {
    const { user, dialog, field } = await openCreate({
      'POST /api/collections': errorResponse(500, 'INTERNAL', messages.errors.unexpected),
    });

    await user.type(field, 'Picnics');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByText(messages.collections.unableToCreateRetry)).toBeTruthy();
  });

  it('closes once made, with the name trimmed, and opens empty again', async () => {
    const { user, dialog, field, fetchMock } = await openCreate({
      'POST /api/collections': jsonResponse(201, collection({ id: '3', name: 'Picnics', isDefault: false })),
    });

    await user.type(field, '  Picnics ');
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a Collection' })).toBeNull());
    expect(sentBodies(fetchMock, 'POST /api/collections')).toEqual([{ name: 'Picnics' }]);
    await user.click(screen.getByRole('button', { name: 'Create a Collection' }));
    const again = within(await screen.findByRole('dialog', { name: 'Create a Collection' }));
    expect(again.getByLabelText<HTMLInputElement>('Collection name').value).toBe('');
  });
});

describe('the edit collection dialog', () => {
  async function openEdit(target: Collection, routes: Parameters<typeof mockApiRoutes>[0] = {}) {
    const fetchMock = mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [saved, trips] }),
      [`GET /api/collections/by-name/${encodeURIComponent(target.name)}`]: jsonResponse(200, target),
      [`GET /api/collections/${target.id}/items?limit=${POST_LIST_PAGE.defaultLimit}`]: emptyPage,
      ...routes,
    });
    const rendered = renderApp(`/ada/collections/${encodeURIComponent(target.name)}`, {
      session: signedInAs(),
    });
    await rendered.user.click(await screen.findByRole('button', { name: 'Edit collection' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Collection' }));
    return { ...rendered, dialog, fetchMock, field: dialog.getByLabelText('Title') };
  }

  it('disables Save while unchanged, and just closes for a title that differs only by spaces', async () => {
    const { user, dialog, field, fetchMock } = await openEdit(trips);

    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await user.type(field, ' ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Collection' })).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('needs a title and refuses one another collection has', async () => {
    const { user, dialog, field } = await openEdit(
      collection({ id: '4', name: 'Picnics', isDefault: false }),
    );

    await user.clear(field);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(messages.collections.titleRequired)).toBeTruthy();

    await user.type(field, 'TRIPS');
    expect(dialog.queryByText(messages.collections.titleRequired)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(messages.collections.titleExists)).toBeTruthy();
  });

  it('does not rename or delete the default collection', async () => {
    const { user, dialog, field } = await openEdit(saved);

    await user.type(field, ' things');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(messages.collections.defaultCannotBeRenamed)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(dialog.getByText(messages.collections.defaultCannotBeDeletedDot)).toBeTruthy();
  });

  it('shows the api conflict and the retry text', async () => {
    let attempt = 0;
    const { user, dialog, field } = await openEdit(trips, {
      'PATCH /api/collections/2': () =>
        ++attempt === 1
          ? errorResponse(409, 'CONFLICT', messages.collections.titleExists)
          : errorResponse(500, 'INTERNAL', messages.errors.unexpected),
    });

    await user.type(field, ' abroad');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(messages.collections.titleExists)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(messages.collections.unableToUpdateRetry)).toBeTruthy();
  });

  it('renames and moves to the new name, and deletes after the confirmation', async () => {
    const renamed = collection({ ...trips, name: 'Trips abroad' });
    const { user, dialog, field, router } = await openEdit(trips, {
      'PATCH /api/collections/2': jsonResponse(200, renamed),
      [`GET /api/collections/2/items?limit=${POST_LIST_PAGE.defaultLimit}`]: emptyPage,
      'DELETE /api/collections/2': jsonResponse(200, { deleted: true }),
    });

    await user.type(field, ' abroad');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Trips abroad', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ada/collections/Trips%20abroad');

    await user.click(screen.getByRole('button', { name: 'Edit collection' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Collection' }));
    await user.click(edit.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete collection?' }));
    expect(confirm.getByText(messages.collections.confirmDelete)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ada/collections'));
  });

  it('keeps the confirmation open with the retry text when deleting fails', async () => {
    const { user, dialog } = await openEdit(trips, {
      'DELETE /api/collections/2': errorResponse(500, 'INTERNAL', messages.errors.unexpected),
    });

    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete collection?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await confirm.findByText(messages.collections.unableToDeleteRetry)).toBeTruthy();
  });
});

describe('the cover photo of the edit collection dialog', () => {
  const uploadId = '5d0c7c52-52a6-4a49-9f43-3a1c3cb0a9a1';
  const uploadUrl = 'http://storage.test/media/ada/collection-media/cover.png';
  const ticket = {
    uploadId,
    uploadUrl,
    key: 'ada/collection-media/cover.png',
    headers: { 'content-type': 'image/png' },
    expiresAt: 2_000_000_000,
  };
  const photo = () => new File([new Uint8Array(64)], 'cover.png', { type: 'image/png' });

  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:cover');
    URL.revokeObjectURL = vi.fn();
  });

  async function openEdit(routes: Parameters<typeof mockApiRoutes>[0] = {}) {
    const fetchMock = mockApiRoutes({
      [listRoute]: jsonResponse(200, { items: [saved, trips] }),
      'GET /api/collections/by-name/Trips': jsonResponse(200, trips),
      [`GET /api/collections/2/items?limit=${POST_LIST_PAGE.defaultLimit}`]: emptyPage,
      'POST /api/media/uploads': jsonResponse(201, ticket),
      ...routes,
    });
    const rendered = renderApp('/ada/collections/Trips', { session: signedInAs() });
    await rendered.user.click(await screen.findByRole('button', { name: 'Edit collection' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Collection' }));
    return {
      ...rendered,
      dialog,
      fetchMock,
      input: dialog.getByLabelText<HTMLInputElement>('Cover photo file'),
    };
  }

  it('enables Save for a picked image, uploads it and sends it with the unchanged title', async () => {
    const { user, dialog, input, fetchMock } = await openEdit({
      [`PUT ${uploadUrl}`]: new Response(null, { status: 200 }),
      'PATCH /api/collections/2': jsonResponse(200, { ...trips, coverProcessing: true }),
    });

    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await user.upload(input, photo());
    expect(dialog.getByRole('img', { name: 'New cover photo' }).getAttribute('src')).toBe('blob:cover');
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Collection' })).toBeNull());
    expect(sentBodies(fetchMock, 'POST /api/media/uploads')).toEqual([
      { kind: 'collection', fileName: 'cover.png', contentType: 'image/png', size: 64 },
    ]);
    expect(sentBodies(fetchMock, 'PATCH /api/collections/2')).toEqual([
      { name: 'Trips', coverUploadId: uploadId },
    ]);
  });

  it('refuses a file that is not an image, and Save stays off', async () => {
    const { dialog, input, fetchMock } = await openEdit();

    fireEvent.change(input, {
      target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] },
    });

    expect((await dialog.findByRole('alert')).textContent).toBe(mediaMessages.coverImageOnly);
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(sentBodies(fetchMock, 'POST /api/media/uploads')).toEqual([]);
  });

  it('stays open with the retry text when the upload fails, and with the api refusal of the upload', async () => {
    let attempt = 0;
    const { user, dialog, input, fetchMock } = await openEdit({
      [`PUT ${uploadUrl}`]: () => new Response(null, { status: ++attempt === 1 ? 500 : 200 }),
      'PATCH /api/collections/2': errorResponse(400, 'VALIDATION_FAILED', messages.errors.unexpected, [
        { path: 'coverUploadId', message: mediaMessages.uploadMissing },
      ]),
    });

    await user.upload(input, photo());
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(messages.collections.unableToUpdateRetry);
    expect(sentBodies(fetchMock, 'PATCH /api/collections/2')).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(mediaMessages.uploadMissing)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit Collection' })).toBeTruthy();
  });
});
