import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, webRoutes } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import { cropPhotoToJpeg } from './crop-photo';
import { newMember, readyDate, storedDrafts, stubObjectUrls } from './testing/create-fixtures';

vi.mock('./draft/draft-storage', async () => ({
  indexedDbDraftStorage: (await import('./testing/create-fixtures')).memoryDraftStorage,
}));
// jsdom decodes no images and has no canvas: the photo is "loaded" and the cropping is stubbed.
vi.mock('@/ui/image-crop/load-image', () => ({
  loadImage: () =>
    Promise.resolve({ element: new Image(), width: 800, height: 600, release: () => undefined }),
}));
vi.mock('@/ui/image-crop/crop-canvas', () => ({
  drawCrop: () => undefined,
}));
vi.mock('./crop-photo', () => ({ cropPhotoToJpeg: vi.fn() }));

describe('cropping the photos', () => {
  beforeEach(stubObjectUrls);
  afterEach(() => {
    storedDrafts.clear();
  });

  it('says so when a crop cannot be saved, and lets the member save again', async () => {
    vi.mocked(cropPhotoToJpeg)
      .mockRejectedValueOnce(new Error('The browser could not encode the photo.'))
      .mockResolvedValueOnce(new Blob(['jpeg'], { type: 'image/jpeg' }));
    mockApiRoutes({ 'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [] }) });
    const member = newMember();
    storedDrafts.set(member.id, readyDate());
    const { router, user } = renderApp(webRoutes.createCrop, { session: member.session });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);

    expect((await screen.findByText(messages.errors.unexpected)).closest('[role="alert"]')).toBeTruthy();
    expect(save.getAttribute('aria-busy')).toBeNull();
    await user.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.createPreview));
    expect(storedDrafts.get(member.id)?.media[0]?.cropped).toBeInstanceOf(Blob);
  });
});
