import { abbreviateCount, followerLabel } from './counts';

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1200, '1.2K'],
    [1999, '1.9K'],
    [25_400, '25.4K'],
    [1_000_000, '1M'],
    [2_500_000_000, '2.5B'],
  ])('%d → %s', (count, label) => {
    expect(abbreviateCount(count)).toBe(label);
  });

  it('uses the lowercase suffix for search and profile labels', () => {
    expect(abbreviateCount(1200, 'lower')).toBe('1.2k');
  });

  it('never shows a negative or non-finite count', () => {
    expect(abbreviateCount(-3)).toBe('0');
    expect(abbreviateCount(Number.NaN)).toBe('0');
  });
});

describe('followerLabel', () => {
  it('is singular for exactly one', () => {
    expect(followerLabel(1)).toBe('1 follower');
    expect(followerLabel(0)).toBe('0 followers');
    expect(followerLabel(1500)).toBe('1.5K followers');
  });
});
