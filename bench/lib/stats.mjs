/**
 * Nearest-rank percentile of an ascending array: the smallest value that at least p% of the samples
 * do not exceed. No interpolation, so every reported figure is a latency that really happened.
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Count, mean, p50/p95/p99 and max of a list of latencies in milliseconds. */
export function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    mean: sorted.length > 0 ? total / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1] : Number.NaN,
  };
}
