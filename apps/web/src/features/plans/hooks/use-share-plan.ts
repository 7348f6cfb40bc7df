import { useState } from 'react';
import { messages, webRoutes } from '@datebook/contracts';
import { shareLink } from '@/lib/share-link';
import { useToast } from '@/ui/feedback/toast/use-toast';

/**
 * Share Plan: `{origin}/plan/shared/{ownerUsername}/{planId}` through the native share sheet, else
 * the clipboard with 'Link copied to clipboard', else a link to copy by hand.
 */
export function useSharePlan() {
  const toast = useToast();
  const [manualUrl, setManualUrl] = useState<string>();
  const share = async (plan: { id: string; title: string; ownerUsername: string }) => {
    const url = window.location.origin + webRoutes.sharedPlan(plan.ownerUsername, plan.id);
    const outcome = await shareLink({ title: plan.title, text: plan.title, url });
    if (outcome === 'copied') {
      toast.success(messages.share.linkCopied);
    } else if (outcome === 'manual') {
      setManualUrl(url);
    }
  };
  return { share, manualUrl, closeManual: () => setManualUrl(undefined) };
}
