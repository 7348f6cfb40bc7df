import { Known, RawJson } from './fuzz-values';

/* Addressing the parts of a generated value, to change one of them. */

export type Path = Array<string | number>;

/** Put at a path to leave that member (or item) out. */
export const REMOVED = Symbol('removed');

/** Every place in a value: the value itself, each member and each item, depth first. */
export function pathsOf(value: unknown, at: Path = []): Path[] {
  if (value === null || typeof value !== 'object' || value instanceof Known || value instanceof RawJson) {
    return [at];
  }
  const children = Array.isArray(value)
    ? value.flatMap((item, index) => pathsOf(item, [...at, index]))
    : Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]));
  return [at, ...children];
}

export const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

/** A copy of `value` with `replacement` at `path` (`REMOVED` drops it). */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) {
    return replacement;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const items = (value as unknown[]).map((item, index) =>
      index === head ? replaceAt(item, rest, replacement) : item,
    );
    return items.filter((item) => item !== REMOVED);
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .map(([key, item]): [string, unknown] => [key, key === head ? replaceAt(item, rest, replacement) : item])
    .filter(([, item]) => item !== REMOVED);
  return Object.fromEntries(entries);
}
