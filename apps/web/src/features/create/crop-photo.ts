import { POST_IMAGE_MAIN_WIDTH } from '@datebook/contracts';
import { drawCrop } from '@/features/account/avatar/crop-canvas';
import type { CropRectangle } from '@/features/account/avatar/crop-math';

const JPEG_QUALITY = 0.9;

/**
 * The cropped square of a post photo as a JPEG (spec section 3: cropped photos are saved as JPEG),
 * as wide as the largest rendition the worker makes, over white like the avatar's.
 */
export function cropPhotoToJpeg(image: CanvasImageSource, crop: CropRectangle): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = POST_IMAGE_MAIN_WIDTH;
  canvas.height = POST_IMAGE_MAIN_WIDTH;
  drawCrop(canvas, image, crop);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the photo.'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
