import { useEffect } from 'react';
import { IconButton } from '@/ui/actions/icon-button';
import { AlertIcon, CheckIcon, CloseIcon } from '@/ui/icons/icons';

export type ToastTone = 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

/** Failures stay longer: they usually ask the reader to do something. */
const VISIBLE_MS: Record<ToastTone, number> = { success: 5_000, error: 8_000 };

export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), VISIBLE_MS[toast.tone]);
    return () => window.clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className={`toast toast--${toast.tone}`}>
      {toast.tone === 'success' ? <CheckIcon size={20} /> : <AlertIcon size={20} />}
      <p className="toast__message">{toast.message}</p>
      <IconButton label="Dismiss" icon={<CloseIcon size={18} />} onClick={() => onDismiss(toast.id)} />
    </div>
  );
}
