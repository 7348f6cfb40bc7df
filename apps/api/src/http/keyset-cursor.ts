import type { KeysetPosition } from '@datebook/db';
import { ValidationError } from '@datebook/server';

/**
 * The last microsecond of year 9999. The lists turn the cursor back into a timestamp with interval
 * arithmetic, which overflows (a 500) far before the 19 digits a bigint allows.
 */
const MAX_MICROS = 253_402_300_799_999_999n;
const MAX_ID = 9_223_372_036_854_775_807n;

/** Opaque to clients: they hand back what a page gave them. */
export function encodeKeysetCursor(cursor: KeysetPosition): string {
  return Buffer.from(`${cursor.createdAtMicros}_${cursor.id}`).toString('base64url');
}

/** The position, or null for anything this api did not make (each list answers with its message). */
export function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  const match = /^(\d{1,18})_(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || BigInt(match[1]!) > MAX_MICROS || BigInt(match[2]!) > MAX_ID) {
    return null;
  }
  return { createdAtMicros: match[1]!, id: match[2]! };
}

/**
 * The position a client's cursor names: none is the first page, and one this api did not make is a
 * 400 with the list's own message.
 */
export function pagePosition(cursor: string | undefined, invalidMessage: string): KeysetPosition | undefined {
  if (cursor === undefined) {
    return undefined;
  }
  const position = decodeKeysetCursor(cursor);
  if (!position) {
    throw new ValidationError([{ path: 'cursor', message: invalidMessage }]);
  }
  return position;
}

/**
 * One page from a query that fetched `limit + 1` rows: the extra row only says there is more, and
 * the last row kept is where the next page starts.
 */
export function keysetPage<R, T>(
  rows: readonly R[],
  limit: number,
  toItem: (row: R) => T,
  positionOf: (row: R) => KeysetPosition,
): { items: T[]; nextCursor: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return {
    items: kept.map(toItem),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor(positionOf(last)) : null,
  };
}
