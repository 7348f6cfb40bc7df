import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Reads the matching queries again because the server says something changed, and makes sure every
 * read that follows starts after the call. `invalidateQueries` alone does not: a query whose first
 * read is still in flight (no data yet) has the refetch joined to that read, whose answer may have
 * been written before the change (a post page opened just as its video finished stayed
 * 'processing'). Such reads are cancelled first, then everything matched is invalidated; active
 * queries read again at once, the others when next shown.
 */
export async function rereadQueries(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  // Matched before cancelling: a predicate may look at the fetch status, which the cancel resets.
  const matched = new Set<Query>(queryClient.getQueryCache().findAll(filters));
  if (matched.size === 0) {
    return;
  }
  const inFlight = [...matched].filter((query) => query.state.fetchStatus === 'fetching');
  await Promise.all(inFlight.map((query) => query.cancel({ revert: true })));
  await queryClient.invalidateQueries({ predicate: (query) => matched.has(query) });
}
