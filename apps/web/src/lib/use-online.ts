import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Whether the browser has a network (navigator.onLine, kept current by its online and offline
 * events). `false` is certain; `true` only means a request may get through.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
