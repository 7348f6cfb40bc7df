import { describe, expect, it, vi } from 'vitest';
import { POST_IMAGE_MAIN_WIDTH } from '@datebook/contracts';
import { cropToJpeg } from '@/ui/image-crop/crop-canvas';
import { cropPhotoToJpeg } from './crop-photo';

vi.mock('@/ui/image-crop/crop-canvas', () => ({
  cropToJpeg: vi.fn(() => Promise.resolve(new Blob([], { type: 'image/jpeg' }))),
}));

describe('cropping a post photo', () => {
  const image = new Image();

  it('makes the largest rendition from a square that has at least as many pixels', async () => {
    const crop = { x: 10, y: 0, size: 3000 };
    await cropPhotoToJpeg(image, crop);
    expect(cropToJpeg).toHaveBeenCalledWith(image, crop, POST_IMAGE_MAIN_WIDTH);
  });

  it("does not enlarge a smaller square: the JPEG is as wide as the square's own pixels", async () => {
    const crop = { x: 0, y: 0, size: 480.6 };
    await cropPhotoToJpeg(image, crop);
    expect(cropToJpeg).toHaveBeenCalledWith(image, crop, 480);
  });
});
