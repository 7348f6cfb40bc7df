import { useEffect, useSyncExternalStore } from 'react';
import { messages } from '@datebook/contracts';
import { useToast } from '@/ui/feedback/toast/use-toast';
import { isUpdateWaiting, reloadIntoUpdate, subscribeToUpdate } from './service-worker';

/**
 * 'A new version is available — Reload' once a new deploy's worker is installed: the page keeps
 * running the version it loaded until the member taps Reload.
 */
export function UpdatePrompt() {
  const toast = useToast();
  const updateWaiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting);
  useEffect(() => {
    if (updateWaiting) {
      toast.success(messages.connection.newVersion, {
        persistent: true,
        action: { label: messages.connection.reload, run: () => void reloadIntoUpdate() },
      });
    }
  }, [updateWaiting, toast]);
  return null;
}
