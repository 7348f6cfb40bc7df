import type { PostKind } from '@datebook/contracts';
import type { FeedPosition } from '@datebook/db';

/* The Following tab's cursor: the last card's (created_at, kind, id), opaque to clients. */

/** The last microsecond of year 9999: beyond it the interval arithmetic of the query overflows. */
const MAX_MICROS = 253_402_300_799_999_999n;
const MAX_ID = 9_223_372_036_854_775_807n;
const KIND_LETTERS: Record<PostKind, string> = { activity: 'a', date: 'd' };

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAtMicros}_${KIND_LETTERS[position.kind]}${position.id}`).toString(
    'base64url',
  );
}

/** The position, or null for anything this api did not make. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  const match = /^(\d{1,18})_([ad])(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || BigInt(match[1]!) > MAX_MICROS || BigInt(match[3]!) > MAX_ID) {
    return null;
  }
  return { createdAtMicros: match[1]!, kind: match[2] === 'a' ? 'activity' : 'date', id: match[3]! };
}
