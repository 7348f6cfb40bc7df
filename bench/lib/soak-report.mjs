// The soak's tables: one row per kind of call (count, failures, p50/p99), and the totals.
import { summarize } from './stats.mjs';

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const percent = (part, whole) => (whole > 0 ? `${((100 * part) / whole).toFixed(2)} %` : '-');

/** Aligned text columns; `left` are the columns padded on the right (text), the rest are numbers. */
export function table(header, rows, left = [0]) {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => String(row[column]).length)),
  );
  const format = (row) =>
    row
      .map((cell, column) =>
        left.includes(column) ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [
    format(header),
    widths
      .map((width) => '-'.repeat(width))
      .join('  ')
      .trimEnd(),
    ...rows.map(format),
  ].join('\n');
}

/**
 * The per-kind table and the failures' first messages; returns `{ calls, errors }` over all kinds.
 * `seconds` is the measured duration, for each kind's rate.
 */
export function printKinds(stats, seconds, write) {
  let calls = 0;
  let errors = 0;
  const rows = [...stats.kinds].map(([kind, entry]) => {
    const { p50, p99, max } = summarize(entry.latencies);
    const count = entry.latencies.length + entry.errors;
    calls += count;
    errors += entry.errors;
    return [
      kind,
      count,
      (count / seconds).toFixed(1),
      entry.errors,
      percent(entry.errors, count),
      ms(p50),
      ms(p99),
      ms(max),
    ];
  });
  rows.push(['all', calls, (calls / seconds).toFixed(1), errors, percent(errors, calls), '', '', '']);
  write(table(['kind', 'calls', 'per s', 'errors', 'error rate', 'p50 ms', 'p99 ms', 'max ms'], rows));
  for (const [kind, entry] of stats.kinds) {
    for (const [message, count] of entry.messages) {
      write(`  ${kind} failed ${count}×: ${message}`);
    }
  }
  return { calls, errors };
}
