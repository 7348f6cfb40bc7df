import fc from 'fast-check';

/* Values a generated request carries that plain JSON cannot: raw literals and rows made during the run. */

/** JSON text sent exactly as written (`1e400`, a 30-digit number), which JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A member's username, an id in a path (by the path's resource), a post id in a body, an upload id. */
export type KnownKind = 'username' | 'pathId' | 'postId' | 'uploadId';

/**
 * A row that exists on the server (a member's username, a post or upload id), named by a slot and
 * looked up when the request is sent: the rows change during the run (an upload used by a publish),
 * while generated values must stay reproducible from the seed.
 */
export class Known {
  constructor(
    readonly kind: KnownKind,
    readonly slot: number,
  ) {}
}

/** Few slots, so one request often names the same row twice (a duplicate upload, say). */
export const KNOWN_SLOTS = 6;
export const knownSlot = fc.nat({ max: KNOWN_SLOTS - 1 });

export type KnownValues = Record<KnownKind, readonly string[]>;

function resolveKnown(known: Known, values: KnownValues): string {
  const candidates = values[known.kind];
  return candidates.length === 0 ? '1' : candidates[known.slot % candidates.length]!;
}

/** The slots of one kind that a generated value names. */
export function knownSlotsIn(value: unknown, kind: KnownKind): Set<number> {
  if (value instanceof Known) {
    return new Set(value.kind === kind ? [value.slot] : []);
  }
  if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    return new Set(Object.values(value).flatMap((item) => [...knownSlotsIn(item, kind)]));
  }
  return new Set();
}

/** JSON text of a generated value, with raw literals kept and known rows filled in. */
export function toJsonText(value: unknown, values: KnownValues): string {
  if (value instanceof RawJson) {
    return value.text;
  }
  if (value instanceof Known) {
    return JSON.stringify(resolveKnown(value, values));
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => toJsonText(item, values)).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${toJsonText(item, values)}`,
    );
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A query-string or path value of a generated value (objects as their JSON). */
export function toPlainText(value: unknown, values: KnownValues): string {
  if (typeof value === 'string') {
    return value;
  }
  if (value instanceof Known) {
    return resolveKnown(value, values);
  }
  return toJsonText(value, values);
}
