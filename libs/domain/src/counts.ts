/**
 * Count labels of spec section 9: counts of 1000 and above are abbreviated to one decimal
 * (1.2K, 3M), without a trailing ".0"; the search and profile labels use a lowercase suffix.
 */
export function abbreviateCount(count: number, style: 'upper' | 'lower' = 'upper'): string {
  if (!Number.isFinite(count) || count < 1000) {
    return String(Math.max(0, Math.trunc(Number.isFinite(count) ? count : 0)));
  }
  const [divisor, suffix] =
    count >= 1_000_000_000 ? [1e9, 'B'] : count >= 1_000_000 ? [1e6, 'M'] : [1e3, 'K'];
  // Truncate rather than round, so 1999 reads 1.9K and never a misleading 2K.
  const value = Math.floor((count / divisor) * 10) / 10;
  const text = `${value.toFixed(1).replace(/\.0$/, '')}${suffix}`;
  return style === 'lower' ? text.toLowerCase() : text;
}

/** '1 follower', '12 followers', '1.2K followers'. */
export function followerLabel(count: number, style: 'upper' | 'lower' = 'upper'): string {
  return `${abbreviateCount(count, style)} ${count === 1 ? 'follower' : 'followers'}`;
}
