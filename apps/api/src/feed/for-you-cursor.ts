/* The For You cursor: which ranked snapshot, and how far into it. Opaque to clients. */

export interface ForYouPosition {
  snapshotId: string;
  offset: number;
}

/** A snapshot never holds more than the ranked candidates, far below this. */
const MAX_OFFSET = 100_000;

export function encodeForYouCursor(position: ForYouPosition): string {
  return Buffer.from(`${position.snapshotId}.${position.offset}`).toString('base64url');
}

/** The position, or null for anything this api did not make. */
export function decodeForYouCursor(cursor: string): ForYouPosition | null {
  const match = /^([A-Za-z0-9_-]{16})\.(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || Number(match[2]) > MAX_OFFSET) {
    return null;
  }
  return { snapshotId: match[1]!, offset: Number(match[2]) };
}
