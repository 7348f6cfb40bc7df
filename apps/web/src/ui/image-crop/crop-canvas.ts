import type { CropRectangle } from './crop-math';

const JPEG_QUALITY = 0.9;

/**
 * Paints the cropped square onto `canvas`, over white, so a transparent photo gets the white
 * background the saved JPEG will have. The preview and the saved file use this same drawing.
 */
export function drawCrop(canvas: HTMLCanvasElement, image: CanvasImageSource, crop: CropRectangle): void {
  const context = canvas.getContext('2d');
  if (!context) {
    return;
  }
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, canvas.width, canvas.height);
}

/** The cropped square as the JPEG to upload, `size` pixels wide. */
export function cropToJpeg(image: CanvasImageSource, crop: CropRectangle, size: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  drawCrop(canvas, image, crop);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the photo.'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
