import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchFeedPage } from '../api';
import type { FeedTab } from '../feed-tab';
import { feedKeys } from '../query-keys';

/** A feed tab, a keyset page at a time; each tab keeps its own pages and scroll depth. */
export function useFeed(tab: FeedTab) {
  return useInfiniteQuery({
    queryKey: feedKeys.tab(tab),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
