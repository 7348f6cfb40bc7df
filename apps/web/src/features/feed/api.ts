import { feedEndpoints } from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';
import type { FeedTab } from './feed-tab';

/** One keyset page of a feed tab; `cursor` is the previous page's `nextCursor`. */
export function fetchFeedPage(tab: FeedTab, cursor: string | undefined, signal?: AbortSignal) {
  const endpoint = tab === 'following' ? feedEndpoints.following : feedEndpoints.forYou;
  return callEndpoint(endpoint, { query: { cursor }, signal });
}
