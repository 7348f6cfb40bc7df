import { useSyncExternalStore } from 'react';
import type { LiveSocket } from './live-socket';

/*
 * The signed-in member's one socket, for screens that talk over it (a plan's editor joins the
 * plan's room and sends its operations). The app opens and closes the socket; this only remembers
 * the latest one, so a screen finds it without another connection.
 */

let current: LiveSocket | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) {
    listener();
  }
}

export const liveSocketRegistry = {
  /** The socket every screen should use from now on; null once it is closed for good. */
  publish(socket: LiveSocket | null) {
    if (current !== socket) {
      current = socket;
      notify();
    }
  },
  /** Forgets `socket` if it is still the current one (a newer one may have replaced it). */
  withdraw(socket: LiveSocket) {
    if (current === socket) {
      liveSocketRegistry.publish(null);
    }
  },
  current: (): LiveSocket | null => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** The open live socket, or null for visitors, before it loads, or where it cannot. */
export function useCurrentLiveSocket(): LiveSocket | null {
  return useSyncExternalStore(liveSocketRegistry.subscribe, liveSocketRegistry.current, () => null);
}
