export interface SharedLink {
  title: string;
  text: string;
  url: string;
}

/** What came of sharing: the device's share sheet took it, it was copied, or the user must copy it. */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'manual';

/**
 * Shares a link the way spec section 7 says: the device's native share, else a copy to the
 * clipboard; when neither is possible the caller shows the link for copying by hand.
 */
export async function shareLink(link: SharedLink): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(link);
      return 'shared';
    } catch (error) {
      // Closing the share sheet is a choice, not a failure to work around.
      if (error instanceof DOMException && error.name === 'AbortError') {
        return 'cancelled';
      }
    }
  }
  try {
    await navigator.clipboard.writeText(link.url);
    return 'copied';
  } catch {
    return 'manual';
  }
}
