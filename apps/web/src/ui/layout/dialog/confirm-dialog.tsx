import { Button } from '@/ui/actions/button';
import { Dialog } from './dialog';
import { FormMessage } from '@/ui/feedback/form-message';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  pending?: boolean;
  /** Why the confirmed action failed, shown in the dialog, which stays open. */
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone. Cancel comes first, so it has the focus on open. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pending = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={message} onClose={onCancel}>
      <div className="confirm-dialog">
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="confirm-dialog__actions">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button pending={pending} onClick={() => !pending && onConfirm()}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
