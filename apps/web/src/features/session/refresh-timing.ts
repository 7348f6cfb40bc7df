/** Refresh this long before the access token expires, so no request ever carries an expired one. */
export const REFRESH_LEAD_MS = 60_000;

/** setTimeout's ceiling; a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds from `nowMs` until a token expiring at `expiresAt` (unix seconds) should be refreshed. */
export function refreshDelayMs(expiresAt: number, nowMs: number, leadMs = REFRESH_LEAD_MS): number {
  return Math.min(Math.max(expiresAt * 1000 - leadMs - nowMs, 0), MAX_TIMER_MS);
}
