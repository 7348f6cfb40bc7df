import { POST_IMAGE_MAIN_WIDTH } from '@datebook/contracts';
import { cropToJpeg } from '@/features/account/avatar/crop-canvas';
import type { CropRectangle } from '@/features/account/avatar/crop-math';

/**
 * The cropped square of a post photo as a JPEG (spec section 3: cropped photos are saved as JPEG),
 * as wide as the largest rendition the worker makes, over white like the avatar's.
 */
export function cropPhotoToJpeg(image: CanvasImageSource, crop: CropRectangle): Promise<Blob> {
  return cropToJpeg(image, crop, POST_IMAGE_MAIN_WIDTH);
}
