const urls = new Map<Blob, string>();

/**
 * One object URL per draft photo or video, made on first use and kept while the draft lives: the
 * details, crop and preview steps all show the same blobs, and a URL revoked by one unmounting
 * thumbnail would break the others.
 */
export function draftMediaUrl(blob: Blob): string {
  let url = urls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    urls.set(blob, url);
  }
  return url;
}

/** Frees every URL once the draft is published. */
export function releaseDraftMediaUrls(): void {
  urls.forEach((url) => URL.revokeObjectURL(url));
  urls.clear();
}
