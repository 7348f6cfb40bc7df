import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from './session-provider';
import { ToastProvider } from '@/ui/feedback/toast/toast-provider';
import { createQueryClient } from './query-client';
import { QueuedWritesNote } from './queued-writes-note';

/** App-wide state, outside the router so the route error page can still use it. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ToastProvider>{children}</ToastProvider>
        <QueuedWritesNote />
      </SessionProvider>
    </QueryClientProvider>
  );
}
