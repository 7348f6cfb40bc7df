import { summarize } from './stats.mjs';

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/**
 * PASS when the p99 is within the budget and the run really reached the budget's rate without
 * errors: a p99 measured at a lower rate, or over failed requests, proves nothing.
 */
export function judge(row, { p99Ms, atRate }) {
  const reasons = [];
  if (!(row.p99 <= p99Ms)) {
    reasons.push(`p99 ${ms(row.p99)} ms > ${p99Ms} ms`);
  }
  if (row.rate < atRate * 0.95) {
    reasons.push(`reached ${row.rate.toFixed(0)}/s of ${atRate}/s`);
  }
  if (row.errors > 0) {
    reasons.push(`${row.errors} errors`);
  }
  return reasons.length === 0 ? 'PASS' : `MISS (${reasons.join('; ')})`;
}

/** One row per measurement: { bench, name, rate, p50, p95, p99, errors, budget?, verdict? }. */
export function printTable(rows, title) {
  const header = ['benchmark', 'measurement', 'rate/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'budget'];
  const cells = rows.map((row) => [
    row.bench,
    row.name,
    Number.isFinite(row.rate) ? row.rate.toFixed(0) : '-',
    ms(row.p50),
    ms(row.p95),
    ms(row.p99),
    String(row.errors),
    row.budget ? `${row.budget}: ${row.verdict}` : '',
  ]);
  const widths = header.map((label, column) =>
    Math.max(label.length, ...cells.map((line) => line[column].length)),
  );
  const format = (line) =>
    line
      .map((cell, column) =>
        column >= 2 && column <= 6 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  const lines = [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(format)];
  process.stdout.write(`\n${title ? `${title}\n` : ''}${lines.join('\n')}\n\n`);
}

/** A table row from measured latencies and errors over `elapsedMs`; any error is logged once. */
export function latencyRow(bench, name, { latencies, errors, elapsedMs }) {
  if (errors.length > 0) {
    process.stdout.write(
      `[bench] ${name}: ${errors.length} errors, the first: ${errors[0]?.message ?? errors[0]}\n`,
    );
  }
  const { p50, p95, p99 } = summarize(latencies);
  return { bench, name, rate: latencies.length / (elapsedMs / 1000), p50, p95, p99, errors: errors.length };
}
