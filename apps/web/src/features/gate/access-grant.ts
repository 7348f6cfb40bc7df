import { STORAGE_KEYS } from '@datebook/contracts';

const GRANTED = 'granted';

/** Whether this browser has already been let through the gate. */
export function hasAccessGrant(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.accessGrant) === GRANTED;
  } catch {
    // Storage can be switched off; the visitor then meets the gate on every visit.
    return false;
  }
}

export function rememberAccessGrant(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.accessGrant, GRANTED);
  } catch {
    // Storage can be switched off; the grant then lasts until the page is closed.
  }
}
