import { useEffect, useState } from 'react';
import { Button } from '@/ui/actions/button';
import { IconButton } from '@/ui/actions/icon-button';
import { AlertIcon, CheckIcon, CloseIcon } from '@/ui/icons/icons';
import type { ToastAction } from './toast-context';

export type ToastTone = 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  action?: ToastAction;
  persistent?: boolean;
}

/** Failures stay longer: they usually ask the reader to do something. */
const VISIBLE_MS: Record<ToastTone, number> = { success: 5_000, error: 8_000 };
/**
 * A toast with a button stays long enough to reach it by keyboard or to read and decide (WCAG
 * 2.2.1 asks for time to act); it still goes on its own, as the same action stays available
 * elsewhere (the editor's Undo).
 */
export const ACTION_VISIBLE_MS = 12_000;

export function toastVisibleMs(toast: Pick<Toast, 'tone' | 'action'>): number {
  return toast.action ? Math.max(ACTION_VISIBLE_MS, VISIBLE_MS[toast.tone]) : VISIBLE_MS[toast.tone];
}

export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  // Held open while the pointer or focus is on it, so a toast never vanishes under the reader.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held || toast.persistent) {
      return;
    }
    const timer = window.setTimeout(() => onDismiss(toast.id), toastVisibleMs(toast));
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss, held]);

  const { action } = toast;
  return (
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setHeld(false);
        }
      }}
    >
      {toast.tone === 'success' ? <CheckIcon size={20} /> : <AlertIcon size={20} />}
      <p className="toast__message">{toast.message}</p>
      {action && (
        <Button
          variant="ghost"
          className="toast__action"
          onClick={() => {
            onDismiss(toast.id);
            action.run();
          }}
        >
          {action.label}
        </Button>
      )}
      <IconButton label="Dismiss" icon={<CloseIcon size={18} />} onClick={() => onDismiss(toast.id)} />
    </div>
  );
}
