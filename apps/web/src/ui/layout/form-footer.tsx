import type { ReactNode } from 'react';
import { Button } from '@/ui/actions/button';
import { FormMessage } from '@/ui/feedback/form-message';
import './form-footer.css';

interface FormFooterProps {
  /** Why the last attempt failed, shown above the buttons. */
  error?: string | undefined;
  onCancel: () => void;
  actionLabel: string;
  pending?: boolean;
  disabled?: boolean;
  /** Without it the action button submits the form the footer ends. */
  onAction?: () => void;
  /** Set apart at the start of the row, such as a Delete. */
  start?: ReactNode;
}

/**
 * The end of a dialog's form: the error of its last attempt, then Cancel and the action. Cancel
 * comes first, so a dialog of only these buttons gives it the focus on open.
 */
export function FormFooter({
  error,
  onCancel,
  actionLabel,
  pending = false,
  disabled,
  onAction,
  start,
}: FormFooterProps) {
  return (
    <>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="form-footer">
        {start}
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        {onAction ? (
          <Button pending={pending} disabled={disabled} onClick={() => !pending && onAction()}>
            {actionLabel}
          </Button>
        ) : (
          <Button type="submit" pending={pending} disabled={disabled}>
            {actionLabel}
          </Button>
        )}
      </div>
    </>
  );
}
