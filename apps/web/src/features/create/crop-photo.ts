import { POST_IMAGE_MAIN_WIDTH } from '@datebook/contracts';
import { cropToJpeg } from '@/ui/image-crop/crop-canvas';
import type { CropRectangle } from '@/ui/image-crop/crop-math';

/**
 * The cropped square of a post photo as a JPEG (spec section 3: cropped photos are saved as JPEG),
 * over white like the avatar's. It is as wide as the largest rendition the worker makes, or as the
 * square is in the photo's own pixels when that is less: enlarging adds no detail, only blur.
 */
export function cropPhotoToJpeg(image: CanvasImageSource, crop: CropRectangle): Promise<Blob> {
  return cropToJpeg(image, crop, croppedEdge(crop));
}

function croppedEdge(crop: CropRectangle): number {
  return Math.max(1, Math.min(POST_IMAGE_MAIN_WIDTH, Math.floor(crop.size)));
}
