import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, webRoutes } from '@datebook/contracts';
import { shareLink } from '@/lib/share-link';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { fetchShareLink } from '../api';
import { planKeys } from '../query-keys';

/**
 * Share Plan: `{origin}/plan/shared/{ownerUsername}/{token}` through the native share sheet, else
 * the clipboard with 'Link copied to clipboard', else a link to copy by hand. The token is the
 * link's secret, which the api gives members only; it is read as soon as the plan can be shared,
 * so the share sheet opens straight from the click. A failure is silent, as the spec wants.
 */
export function useSharePlan(planId: string, shareable: boolean) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [manualUrl, setManualUrl] = useState<string>();
  const link = { queryKey: planKeys.shareLink(planId), queryFn: () => fetchShareLink(planId) };
  useQuery({ ...link, enabled: shareable });

  const share = async (plan: { title: string; ownerUsername: string }) => {
    const token = await queryClient.ensureQueryData(link).then(
      (answer) => answer.token,
      () => undefined,
    );
    if (!token) {
      return;
    }
    const url = window.location.origin + webRoutes.sharedPlan(plan.ownerUsername, token);
    const outcome = await shareLink({ title: plan.title, text: plan.title, url });
    if (outcome === 'copied') {
      toast.success(messages.share.linkCopied);
    } else if (outcome === 'manual') {
      setManualUrl(url);
    }
  };
  return { share, manualUrl, closeManual: () => setManualUrl(undefined) };
}
