/*
 * 'Hide my presence', remembered on this device: the presence hook sends it on every change, and
 * the socket channel reads it for `plan.join`, so a member who hid stays hidden from their first
 * moment in the room, across reloads and reconnects.
 */

const HIDE_PRESENCE_KEY = 'datebook.plan.hidePresence';

/** False when storage is unavailable (private mode, blocked cookies): being shown is the default. */
export function readHidePresence(): boolean {
  try {
    return window.localStorage.getItem(HIDE_PRESENCE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Best effort: without storage the choice still holds for this page, through the hook's state. */
export function writeHidePresence(hidden: boolean): void {
  try {
    if (hidden) {
      window.localStorage.setItem(HIDE_PRESENCE_KEY, 'true');
    } else {
      window.localStorage.removeItem(HIDE_PRESENCE_KEY);
    }
  } catch {
    // Storage refused (quota, privacy settings): the choice lasts until the page is left.
  }
}
