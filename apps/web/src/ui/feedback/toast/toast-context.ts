import { createContext } from 'react';

/** Shows the spec's alerts: success texts politely, failures assertively. Never window.alert. */
export interface Toaster {
  success(message: string): void;
  error(message: string): void;
}

export const ToastContext = createContext<Toaster | null>(null);
