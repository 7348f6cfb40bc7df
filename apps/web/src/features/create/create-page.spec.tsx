import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES, mediaMessages, messages, POST_LIMITS, postMessages } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
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

const pictures = (count: number) =>
  Array.from({ length: count }, (_, at) => new File(['png'], `p${at}.png`, { type: 'image/png' }));

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) {
    throw new Error('No file input');
  }
  return input;
}

const photosSection = () => screen.getByRole('region', { name: 'Photos and videos' });

describe('the create page', () => {
  beforeEach(() => {
    stubObjectUrls();
    mockApiRoutes({
      'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }),
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
  });
  afterEach(() => {
    storedDrafts.clear();
  });

  it("never shows one member's unpublished draft to the next member on the same browser", async () => {
    const ada = newMember();
    const bea = newMember();
    storedDrafts.set(ada.id, readyDate({ title: "Ada's surprise" }));

    renderApp('/create', { session: bea.session });
    expect((await screen.findByLabelText<HTMLInputElement>('Title')).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Chosen photos and videos' })).toBeNull();
    cleanup();

    renderApp('/create', { session: ada.session });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe("Ada's surprise"),
    );
  });

  it('starts a blank draft as a Date for ?kind=date, once', async () => {
    const { router, user } = renderApp('/create?kind=date', { session: newMember().session });

    await waitFor(() => expect(screen.getByRole('radio', { name: 'Date' })).toHaveProperty('checked', true));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('radio', { name: 'Activity' }));
    expect(screen.getByRole('radio', { name: 'Activity' })).toHaveProperty('checked', true);
  });

  it('keeps the kind of a draft already begun, whatever the link asks for', async () => {
    const member = newMember();
    storedDrafts.set(member.id, readyDate({ kind: 'activity' }));
    const { router } = renderApp('/create?kind=date', { session: member.session });

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('radio', { name: 'Activity' })).toHaveProperty('checked', true);
  });

  it('takes no more photos and videos than a post may carry, and says so', async () => {
    const member = newMember();
    storedDrafts.set(member.id, readyDate({ media: [photo('kept')] }));
    const { user } = renderApp('/create', { session: member.session });
    await screen.findByRole('list', { name: 'Chosen photos and videos' });

    await user.upload(fileInput(), pictures(POST_LIMITS.media));

    const chosen = screen.getByRole('list', { name: 'Chosen photos and videos' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(POST_LIMITS.media);
    expect(within(photosSection()).getByRole('alert').textContent).toBe(postMessages.tooManyMedia);
  });

  it('refuses a file too large for its type when it is picked', async () => {
    const { user } = renderApp('/create', { session: newMember().session });
    const [large] = pictures(1);
    Object.defineProperty(large, 'size', { value: MAX_IMAGE_BYTES + 1 });

    await user.upload(await waitFor(fileInput), large as File);

    expect(within(photosSection()).getByRole('alert').textContent).toBe(mediaMessages.imageTooLarge);
    expect(screen.queryByRole('list', { name: 'Chosen photos and videos' })).toBeNull();
  });

  it('refuses a tag too long, and tags past the maximum, with the message at the field', async () => {
    const { user } = renderApp('/create', { session: newMember().session });
    const tags = await screen.findByRole('textbox', { name: 'Tags (optional)' });

    const tooLong = 'x'.repeat(POST_LIMITS.chip + 1);
    await user.type(tags, `${tooLong}{Enter}`);
    expect(screen.getByText(postMessages.chipTooLong)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    // The refused text stays in the box, to be shortened rather than typed again.
    expect(tags).toHaveProperty('value', tooLong);

    await user.clear(tags);
    await user.paste(Array.from({ length: POST_LIMITS.tags + 1 }, (_, at) => `tag${at}`).join(', '));
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(
      POST_LIMITS.tags,
    );
    expect(screen.getByText(postMessages.tooManyTags)).toBeTruthy();
    expect(tags.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows 'Choose…' in every select that has nothing chosen yet", async () => {
    renderApp('/create', { session: newMember().session });
    await screen.findByRole('textbox', { name: 'Title' });

    for (const name of ['Category', 'Mood (optional)', 'Budget', 'Time required']) {
      const select = screen.getByRole<HTMLSelectElement>('combobox', { name });
      expect(select.selectedOptions[0]?.textContent).toBe(messages.inputs.choose);
    }
  });

  it("clears a field's message as soon as the field is fixed, leaving the others", async () => {
    const { user } = renderApp('/create', { session: newMember().session });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText(messages.posts.titleRequired)).toBeTruthy();
    expect(screen.getByText(messages.posts.budgetRequired)).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'P');
    expect(screen.queryByText(messages.posts.titleRequired)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Budget' }), '$$');
    expect(screen.queryByText(messages.posts.budgetRequired)).toBeNull();
    expect(screen.getByText(messages.posts.descriptionRequired)).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    expect(screen.getByText(messages.posts.titleRequired)).toBeTruthy();
  });

  it('sends a restored draft past the limits back to its field before anything is uploaded', async () => {
    const member = newMember();
    const tags = Array.from({ length: POST_LIMITS.tags + 1 }, (_, at) => `tag${at}`);
    storedDrafts.set(member.id, readyDate({ tags }));
    const fetchMock = mockApiRoutes({
      [ownActivitiesRoute]: jsonResponse(200, { items: [], nextCursor: null }),
    });
    const { router } = renderApp('/create/preview', { session: member.session });

    expect(await screen.findByText(postMessages.tooManyTags)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tags (optional)' })),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
