import { registerSW } from 'virtual:pwa-register';

/**
 * The service worker's registration and the one fact the app shows about it: a new version is
 * installed and waiting. Registered once per page from main.tsx (so the gate and every screen are
 * covered), after the page's load event so it never competes with the first paint.
 */

/** How often an open tab asks the server whether a new worker (a new deploy) is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateWaiting = false;
const listeners = new Set<() => void>();
let activateUpdate: () => Promise<void> = () => Promise.resolve();

export function startServiceWorker(): void {
  activateUpdate = registerSW({
    onNeedRefresh() {
      updateWaiting = true;
      for (const listener of listeners) {
        listener();
      }
    },
    onRegisteredSW(_url, registration) {
      if (registration) {
        keepCheckingForUpdates(registration);
      }
    },
  });
}

/**
 * Browsers look for a new worker on each full page load; an app left open for days loads none, so
 * it also asks when the member comes back to the tab and once an hour.
 */
function keepCheckingForUpdates(registration: ServiceWorkerRegistration): void {
  const check = () => {
    if (navigator.onLine) {
      registration.update().catch(() => undefined);
    }
  };
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      check();
    }
  });
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

/**
 * The member's Reload: the waiting worker takes over, and the page reloads once it controls the
 * page (workbox-window's `controlling` event), so old and new chunks never run together.
 */
export function reloadIntoUpdate(): Promise<void> {
  return activateUpdate();
}
