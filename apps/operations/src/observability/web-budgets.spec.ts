import { PAGE_BUDGETS, median, pageVerdict, sizeVerdict } from '../../../../bench/lib/web-budgets.cjs';

// The verdicts `npm run bench:web` and `npm run size` print (issue 26): a page within every budget
// passes, and a miss names each figure over its budget.
describe('web budgets', () => {
  const within = { fcpMs: 1100, lcpMs: 1900, tbtMs: 120, cls: 0.01, performance: 97 };

  it('passes a page within every budget, the limits included', () => {
    expect(pageVerdict(within)).toBe('PASS');
    expect(pageVerdict({ ...PAGE_BUDGETS })).toBe('PASS');
  });

  it('names every figure over its budget', () => {
    expect(pageVerdict({ ...within, fcpMs: 2800, cls: 0.12, performance: 85 })).toBe(
      'MISS (FCP 2.80 s > 1.20 s; CLS 0.120 > 0.05; score 85 < 95)',
    );
    expect(pageVerdict({ ...within, lcpMs: 2001, tbtMs: 151 })).toBe(
      'MISS (LCP 2.00 s > 2.00 s; TBT 151 ms > 150 ms)',
    );
  });

  it('counts a figure Lighthouse could not measure as a miss', () => {
    expect(pageVerdict({ ...within, lcpMs: Number.NaN })).toBe('MISS (LCP - > 2.00 s)');
  });

  it('judges a bundle by its gzip bytes against kB of 1000 bytes', () => {
    expect(sizeVerdict(110_000, 110)).toBe('PASS');
    expect(sizeVerdict(110_001, 110)).toBe('MISS (110.0 kB > 110 kB)');
    expect(sizeVerdict(158_400, 110)).toBe('MISS (158.4 kB > 110 kB)');
  });

  it('takes the median of the runs that measured something', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });
});
