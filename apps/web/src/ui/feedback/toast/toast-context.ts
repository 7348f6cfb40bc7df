import { createContext } from 'react';

/** A button in the toast that acts on what the toast reports (the conflict notice's Undo). */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastOptions {
  action?: ToastAction;
  /**
   * About the app rather than the screen (a new version is out): it stays, across screens, until the
   * member acts on it or dismisses it.
   */
  persistent?: boolean;
}

/** Shows the spec's alerts: success texts politely, failures assertively. Never window.alert. */
export interface Toaster {
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
}

export const ToastContext = createContext<Toaster | null>(null);

/**
 * Told by the router side when the screen changed, with when that navigation started (the provider
 * sits outside the router, so it cannot watch it itself).
 */
export type ScreenChanged = (navigationStartedAt: number) => void;

export const ScreenChangedContext = createContext<ScreenChanged | null>(null);
