import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planShareMessages } from '@datebook/contracts';
import { Button } from '@/ui/actions/button';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import { resetShareLink } from '../api';
import { planKeys } from '../query-keys';

/**
 * Reset link, beside Share Plan for the owner: after a confirmation the plan gets a new share
 * link and the one already sent stops working (design: Share links).
 */
export function ResetShareLinkButton({ planId }: { planId: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetShareLink(planId),
    onSuccess: (link) => {
      queryClient.setQueryData(planKeys.shareLink(planId), link);
      setConfirming(false);
      toast.success(planShareMessages.done);
    },
  });

  return (
    <>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        {planShareMessages.resetLink}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={planShareMessages.confirmTitle}
          message={planShareMessages.confirmMessage}
          confirmLabel={planShareMessages.resetLink}
          pending={reset.isPending}
          error={reset.error?.message}
          onConfirm={() => reset.mutate()}
          onCancel={() => {
            setConfirming(false);
            reset.reset();
          }}
        />
      )}
    </>
  );
}
