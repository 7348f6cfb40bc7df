import { useState } from 'react';
import { messages, type PostKind } from '@datebook/contracts';
import { postPath } from '@datebook/domain';
import { shareLink } from '@/lib/share-link';
import { useToast } from '@/ui/feedback/toast/use-toast';

/**
 * Shares `{origin}/activity/{id}` or `{origin}/date/{id}` (spec section 7): the native share
 * sheet, else the clipboard with 'Link copied to clipboard', else `manualUrl` for a copy by hand.
 */
export function useSharePost() {
  const toast = useToast();
  const [manualUrl, setManualUrl] = useState<string>();
  const share = async (post: { kind: PostKind; id: string; title: string; description: string }) => {
    const url = window.location.origin + postPath(post.kind, post.id);
    const outcome = await shareLink({ title: post.title, text: post.description, url });
    if (outcome === 'copied') {
      toast.success(messages.share.linkCopied);
    } else if (outcome === 'manual') {
      setManualUrl(url);
    }
  };
  return { share, manualUrl, closeManual: () => setManualUrl(undefined) };
}
