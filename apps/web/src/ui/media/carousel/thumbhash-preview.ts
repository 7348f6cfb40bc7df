import { thumbHashToDataURL } from 'thumbhash';

/**
 * The picture a ThumbHash stands for, as a PNG data URL (about 32 px on its long edge, which the
 * browser's smooth scaling turns into a soft blur). Null for a hash that does not decode: the item
 * then shows its plain tint.
 */
export function thumbHashPreview(hash: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(hash), (char) => char.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}
