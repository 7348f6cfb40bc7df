import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { KEEP_INTERACTIVE_ATTRIBUTE } from '@/ui/layout/dialog/use-modal';
import { ToastContext, type ToastOptions, type Toaster } from './toast-context';
import { ToastItem, type Toast, type ToastTone } from './toast-item';
import './toast.css';

/**
 * Holds the toasts and renders them in two live regions that exist before any message arrives (a
 * region inserted together with its text is often not announced): a polite one for confirmations and
 * an assertive one for failures. The regions live outside the app root so an open dialog, which
 * makes the rest of the page inert, does not silence them.
 */
const keepInteractive = { [KEEP_INTERACTIVE_ATTRIBUTE]: '' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const toaster = useMemo<Toaster>(() => {
    const show = (tone: ToastTone, message: string, options: ToastOptions = {}) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [
        ...current,
        { id, tone, message, ...(options.action ? { action: options.action } : {}) },
      ]);
    };
    return {
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
    };
  }, []);

  const region = (tone: ToastTone) =>
    toasts
      .filter((toast) => toast.tone === tone)
      .map((toast) => <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />);

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {createPortal(
        <div className="toast-region" {...keepInteractive}>
          <div role="status" className="toast-region__list">
            {region('success')}
          </div>
          <div role="alert" className="toast-region__list">
            {region('error')}
          </div>
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}
