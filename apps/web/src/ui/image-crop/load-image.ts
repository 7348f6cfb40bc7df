/** A picked photo, decoded and ready to draw; `release` frees it once the dialog is done with it. */
export interface LoadedImage {
  element: HTMLImageElement;
  width: number;
  height: number;
  release: () => void;
}

/** Decodes a picked file; rejects when the browser cannot read it as an image. */
export async function loadImage(file: Blob): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  const element = new Image();
  element.src = url;
  try {
    await element.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    element,
    width: element.naturalWidth,
    height: element.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}
