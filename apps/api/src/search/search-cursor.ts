import type { PostSearchSort, SearchPosition } from '@datebook/db';

/*
 * The search cursors: the last row's sort key and id, and which order they belong to, opaque to
 * clients. A cursor of another order, or one this api did not make, decodes to null.
 */

export type SearchOrder = PostSearchSort | 'users';

const LETTERS: Record<SearchOrder, string> = {
  newest: 'n',
  relevance: 'r',
  popular: 'p',
  rated: 'h',
  users: 'u',
};

/** The last microsecond of year 9999: beyond it the interval arithmetic of the query overflows. */
const MAX_MICROS = 253_402_300_799_999_999n;
const MAX_ID = 9_223_372_036_854_775_807n;
/** Scores are small; anything PostgreSQL would refuse as a float8 (or round to zero) is not one. */
const SCORE_RANGE = { min: 1e-300, max: 1e300 } as const;

const MICROS = /^\d{1,18}$/;
const SCORE = /^-?\d{1,20}(\.\d{1,20})?(e[-+]\d{1,3})?$/;
const ZERO = /^-?0(\.0+)?$/;
const BIGINT_ID = /^\d{1,19}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeSearchCursor(order: SearchOrder, position: SearchPosition): string {
  return Buffer.from(`${LETTERS[order]}${position.key}_${position.id}`).toString('base64url');
}

export function decodeSearchCursor(order: SearchOrder, cursor: string): SearchPosition | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(LETTERS[order])) {
    return null;
  }
  const [key, id, ...rest] = text.slice(1).split('_');
  if (key === undefined || id === undefined || rest.length > 0) {
    return null;
  }
  const keyValid = order === 'newest' ? validMicros(key) : validScore(key);
  const idValid = order === 'users' ? UUID.test(id) : BIGINT_ID.test(id) && BigInt(id) <= MAX_ID;
  return keyValid && idValid ? { key, id } : null;
}

function validMicros(key: string): boolean {
  return MICROS.test(key) && BigInt(key) <= MAX_MICROS;
}

function validScore(key: string): boolean {
  if (!SCORE.test(key)) {
    return false;
  }
  const magnitude = Math.abs(Number(key));
  if (magnitude === 0) {
    // Not "1e-400", which is zero to JavaScript and out of range to PostgreSQL.
    return ZERO.test(key);
  }
  return magnitude >= SCORE_RANGE.min && magnitude <= SCORE_RANGE.max;
}
