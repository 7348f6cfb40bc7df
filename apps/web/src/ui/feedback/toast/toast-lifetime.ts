/**
 * A toast raised together with a navigation (a confirmation, then off to the next screen) travels
 * with it; one that was already on screen when the member went somewhere else is about the screen
 * they left, so it goes. "Together" is a short window before the navigation started, long enough
 * for the handler that raised the toast to call `navigate`, short enough that a toast the member
 * has already had time to read never follows them.
 */
export const CARRY_OVER_MS = 500;

export interface Timed {
  /** When the toast last arrived on a screen: raised, or carried over to the screen it follows. */
  arrivedAt: number;
}

/** The toasts that travel to the new screen, each marked as arrived there. */
export function carriedOver<T extends Timed>(
  toasts: readonly T[],
  navigationStartedAt: number,
  now: number,
): T[] {
  return toasts
    .filter((toast) => toast.arrivedAt >= navigationStartedAt - CARRY_OVER_MS)
    .map((toast) => ({ ...toast, arrivedAt: now }));
}
