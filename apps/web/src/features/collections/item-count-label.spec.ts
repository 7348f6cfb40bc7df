import { describe, expect, it } from 'vitest';
import type { Collection } from '@datebook/contracts';
import { itemCountLabel } from './item-count-label';

const counted = (itemCount: number, itemCountCapped = false) =>
  ({ itemCount, itemCountCapped }) as Collection;

describe('itemCountLabel', () => {
  it('counts posts, one in the singular, and marks a count the api stopped at its cap', () => {
    expect(itemCountLabel(counted(0))).toBe('0 posts');
    expect(itemCountLabel(counted(1))).toBe('1 post');
    expect(itemCountLabel(counted(999))).toBe('999 posts');
    expect(itemCountLabel(counted(1000, true))).toBe('1,000+ posts');
  });
});
