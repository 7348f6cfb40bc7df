// The web budgets of issue 26 (ARCHITECTURE.md section 10), and the verdict a page or a bundle gets
// against them: shared by `npm run bench:web`, `npm run size` and their unit test. CommonJS with a
// .d.cts beside it, so the TypeScript tests can import it as they import scripts/lib/services.cjs.

/** Lighthouse in its mobile mode (150 ms round trips, 1.6 Mbps, 4× CPU), on every page listed. */
const PAGE_BUDGETS = Object.freeze({
  fcpMs: 1200,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
  performance: 95,
});

/** Compressed kB (gzip, kB = 1000 bytes). */
const SIZE_BUDGETS = Object.freeze({
  /** The JavaScript index.html loads before any page's own code. */
  shellKb: 110,
  /** The shell plus Home's page chunk and its static imports. */
  homeFirstVisitKb: 150,
});

/** The budget labels as bench/README.md prints them. */
const PAGE_BUDGET_TEXT = 'FCP ≤ 1.2 s, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05, performance ≥ 95';

/**
 * PASS when every measured figure is within its budget, else MISS with each figure that is not. A
 * figure Lighthouse could not measure (NaN, missing) is a miss too: a page that never painted its
 * largest element has not met the LCP budget.
 */
function pageVerdict(figures, budgets = PAGE_BUDGETS) {
  const misses = [];
  const over = (value, limit) => !(value <= limit);
  if (over(figures.fcpMs, budgets.fcpMs)) {
    misses.push(`FCP ${seconds(figures.fcpMs)} > ${seconds(budgets.fcpMs)}`);
  }
  if (over(figures.lcpMs, budgets.lcpMs)) {
    misses.push(`LCP ${seconds(figures.lcpMs)} > ${seconds(budgets.lcpMs)}`);
  }
  if (over(figures.tbtMs, budgets.tbtMs)) {
    misses.push(`TBT ${round(figures.tbtMs)} ms > ${budgets.tbtMs} ms`);
  }
  if (over(figures.cls, budgets.cls)) {
    misses.push(`CLS ${fixed(figures.cls, 3)} > ${budgets.cls}`);
  }
  if (!(figures.performance >= budgets.performance)) {
    misses.push(`score ${round(figures.performance)} < ${budgets.performance}`);
  }
  return misses.length === 0 ? 'PASS' : `MISS (${misses.join('; ')})`;
}

/** PASS or MISS for `gzipBytes` against a budget in kB. */
function sizeVerdict(gzipBytes, budgetKb) {
  return gzipBytes <= budgetKb * 1000
    ? 'PASS'
    : `MISS (${(gzipBytes / 1000).toFixed(1)} kB > ${budgetKb} kB)`;
}

/** The median of the finite values (NaN when there is none): the figure a page gets over its runs. */
function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const round = (value) => fixed(value, 0);
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '-');

module.exports = { PAGE_BUDGETS, PAGE_BUDGET_TEXT, SIZE_BUDGETS, pageVerdict, sizeVerdict, median };
