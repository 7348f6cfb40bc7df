import type { Query, QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Reads the matching queries again because the server says something changed, including those
 * whose read is in flight. `invalidateQueries` alone misses those: a query's first read (no data
 * yet) has the refetch joined to it, and its answer may have been written before the change (a post
 * page opened just as its video finished stayed 'processing'). A read in flight is left to land and
 * the query is read again after it if the filters still match it then, so a predicate on the data
 * ('shows processing') costs a second read only when the first one needs it.
 */
export async function rereadQueries(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  const matched = queryClient.getQueryCache().findAll(filters);
  const inFlight = matched.filter((query) => query.state.fetchStatus === 'fetching');
  const settled = new Set(matched.filter((query) => !inFlight.includes(query)));
  await Promise.all([
    settled.size > 0
      ? queryClient.invalidateQueries({ predicate: (query) => settled.has(query) })
      : undefined,
    ...inFlight.map((query) => rereadAfterItsRead(queryClient, query, filters)),
  ]);
}

async function rereadAfterItsRead(queryClient: QueryClient, query: Query, filters: QueryFilters) {
  await query.promise?.catch(() => undefined);
  if (filters.predicate && !filters.predicate(query)) {
    return;
  }
  await queryClient.invalidateQueries({ predicate: (candidate) => candidate === query });
}
