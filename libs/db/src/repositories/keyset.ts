/**
 * A position in a list ordered by (created_at, id): created_at in microseconds, its full precision,
 * and the row's id.
 */
export interface KeysetPosition {
  createdAtMicros: string;
  id: string;
}

/** The row's created_at in microseconds, as text: a position keeps it without losing precision. */
export const createdAtMicrosSql = (alias: string): string =>
  `(extract(epoch FROM ${alias}.created_at) * 1000000)::bigint::text`;

/**
 * The condition for the rows after `position` in a list ordered by (created_at, id), newest first
 * (`desc`) or oldest first (`asc`); it appends its two values to `values`. Empty on a first page.
 */
export function afterPositionSql(
  alias: string,
  order: 'asc' | 'desc',
  position: KeysetPosition | undefined,
  values: unknown[],
): string {
  if (!position) {
    return '';
  }
  values.push(position.createdAtMicros, position.id);
  const micros = values.length - 1;
  return `AND (${alias}.created_at, ${alias}.id) ${order === 'desc' ? '<' : '>'}
    (timestamptz 'epoch' + $${micros}::bigint * interval '1 microsecond', $${micros + 1}::bigint)`;
}
