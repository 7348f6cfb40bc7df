import { Dialog } from './dialog';
import { FormFooter } from '@/ui/layout/form-footer';
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
        <FormFooter
          error={error}
          onCancel={onCancel}
          actionLabel={confirmLabel}
          pending={pending}
          onAction={onConfirm}
        />
      </div>
    </Dialog>
  );
}
