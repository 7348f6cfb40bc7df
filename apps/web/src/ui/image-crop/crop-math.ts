import { CROP } from '@datebook/contracts';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * How far the photo is moved from the centre of the crop square, in widths of the square (0.5 moves
 * it by half the square). Independent of the square's size on screen, so it survives a resize.
 */
export interface CropOffset {
  x: number;
  y: number;
}

/** A square of the source image, in its own pixels. */
export interface CropRectangle {
  x: number;
  y: number;
  size: number;
}

/** The zoom nearest `zoom` that the slider offers: 1 to 3 in steps of 0.1. */
export function snapZoom(zoom: number): number {
  const stepped = Math.round(zoom / CROP.zoomStep) * CROP.zoomStep;
  return Number(Math.min(Math.max(stepped, CROP.minZoom), CROP.maxZoom).toFixed(1));
}

/**
 * The offset moved back within bounds: at zoom 1 the photo's shorter side just fills the square, and
 * the photo may never be dragged so far that the square shows past its edge.
 */
export function clampOffset(offset: CropOffset, image: ImageSize, zoom: number): CropOffset {
  const shorter = Math.min(image.width, image.height);
  const slackX = ((image.width / shorter) * zoom - 1) / 2;
  const slackY = ((image.height / shorter) * zoom - 1) / 2;
  return { x: clamp(offset.x, -slackX, slackX), y: clamp(offset.y, -slackY, slackY) };
}

/** The part of the photo the crop square shows at `zoom`, moved by `offset`. */
export function cropRectangle(image: ImageSize, zoom: number, offset: CropOffset): CropRectangle {
  const size = Math.min(image.width, image.height) / zoom;
  const { x, y } = clampOffset(offset, image, zoom);
  // Moving the photo right shows more of its left: the square's centre moves the other way.
  const centreX = image.width / 2 - x * size;
  const centreY = image.height / 2 - y * size;
  return { x: centreX - size / 2, y: centreY - size / 2, size };
}

function clamp(value: number, min: number, max: number): number {
  const clamped = Math.min(Math.max(value, min), max);
  // Clamping to a zero-width range can give -0; it means the same as 0 and should read the same.
  return clamped === 0 ? 0 : clamped;
}
