import type { Collection } from '@datebook/contracts';

/** '1 post', '12 posts'; a count the api stopped at its cap reads '1,000+ posts'. */
export function itemCountLabel({ itemCount, itemCountCapped }: Collection): string {
  if (itemCountCapped) {
    return `${itemCount.toLocaleString('en-US')}+ posts`;
  }
  return `${itemCount.toLocaleString('en-US')} ${itemCount === 1 ? 'post' : 'posts'}`;
}
