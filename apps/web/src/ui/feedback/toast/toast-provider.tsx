import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { KEEP_INTERACTIVE_ATTRIBUTE } from '@/ui/layout/dialog/use-modal';
import { ScreenChangedContext, ToastContext, type ToastOptions, type Toaster } from './toast-context';
import { ToastItem, type Toast, type ToastTone } from './toast-item';
import { carriedOver } from './toast-lifetime';
import { useReservedToastSpace } from './use-reserved-toast-space';
import './toast.css';

/**
 * Holds the toasts and renders them in two live regions that exist before any message arrives (a
 * region inserted together with its text is often not announced): a polite one for confirmations and
 * an assertive one for failures. The regions live outside the app root so an open dialog, which
 * makes the rest of the page inert, does not silence them.
 */
const keepInteractive = { [KEEP_INTERACTIVE_ATTRIBUTE]: '' };

type HeldToast = Toast & { arrivedAt: number };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<HeldToast[]>([]);
  const nextId = useRef(0);
  const regionRef = useRef<HTMLDivElement>(null);
  useReservedToastSpace(regionRef);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const screenChanged = useCallback((navigationStartedAt: number) => {
    setToasts((current) =>
      current.length === 0
        ? current
        : [
            ...current.filter((toast) => toast.persistent),
            ...carriedOver(
              current.filter((toast) => !toast.persistent),
              navigationStartedAt,
              performance.now(),
            ),
          ],
    );
  }, []);

  const toaster = useMemo<Toaster>(() => {
    const show = (tone: ToastTone, message: string, options: ToastOptions = {}) => {
      nextId.current += 1;
      const id = nextId.current;
      const arrivedAt = performance.now();
      setToasts((current) => [
        ...current,
        {
          id,
          tone,
          message,
          arrivedAt,
          ...(options.action ? { action: options.action } : {}),
          ...(options.persistent ? { persistent: true } : {}),
        },
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
      <ScreenChangedContext.Provider value={screenChanged}>
        {children}
        {createPortal(
          <div ref={regionRef} className="toast-region" {...keepInteractive}>
            <div role="status" className="toast-region__list">
              {region('success')}
            </div>
            <div role="alert" className="toast-region__list">
              {region('error')}
            </div>
          </div>,
          document.body,
        )}
      </ScreenChangedContext.Provider>
    </ToastContext.Provider>
  );
}
