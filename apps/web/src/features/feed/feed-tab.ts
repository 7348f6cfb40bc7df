/** The home feed's tabs (spec section 2, route `/`), in the order they are shown. */
export const FEED_TABS = [
  { key: 'for-you', label: 'For You' },
  { key: 'following', label: 'Following' },
] as const;

export type FeedTab = (typeof FEED_TABS)[number]['key'];

export const DEFAULT_FEED_TAB: FeedTab = 'for-you';

export function isFeedTab(value: unknown): value is FeedTab {
  return FEED_TABS.some((tab) => tab.key === value);
}
