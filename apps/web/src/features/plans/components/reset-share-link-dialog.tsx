import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planShareMessages } from '@datebook/contracts';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { ConfirmDialog } from '@/ui/layout/dialog/confirm-dialog';
import { resetShareLink } from '../api';
import { planKeys } from '../query-keys';

/**
 * Reset link, the owner's action beside Share Plan: after this confirmation the plan gets a new
 * share link and the one already sent stops working (design: Share links).
 */
export function ResetShareLinkDialog({ planId, onClose }: { planId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const reset = useMutation({
    mutationFn: () => resetShareLink(planId),
    onSuccess: (link) => {
      queryClient.setQueryData(planKeys.shareLink(planId), link);
      onClose();
      toast.success(planShareMessages.done);
    },
  });

  return (
    <ConfirmDialog
      title={planShareMessages.confirmTitle}
      message={planShareMessages.confirmMessage}
      confirmLabel={planShareMessages.resetLink}
      pending={reset.isPending}
      error={reset.error?.message}
      onConfirm={() => reset.mutate()}
      onCancel={onClose}
    />
  );
}
