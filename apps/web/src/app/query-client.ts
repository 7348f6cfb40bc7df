import { onlineManager, QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '@datebook/contracts';
import { isApiError } from '@/lib/api-error';

/**
 * Retries a failed query up to the spec's limit, except when the api said the request itself is
 * wrong, or when the device is offline: then the failure is shown at once (with a retry) instead of
 * a spinner waiting for a connection that may not come. Back online, failed queries refetch.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) {
    return false;
  }
  if (!onlineManager.isOnline()) {
    return false;
  }
  return failureCount < QUERY_CACHE.retries;
}

/** 1 s, 2 s, 4 s… capped: the spec's back-off. `attempt` counts from 0 for the first retry. */
export function retryDelayMs(attempt: number): number {
  return Math.min(QUERY_CACHE.retryBaseMs * 2 ** attempt, QUERY_CACHE.retryMaxMs);
}

/**
 * The data cache as spec section 9 sets it.
 *
 * Reads run whatever the connection (`networkMode: 'always'`): offline they fail at once, so a list
 * says it could not load and offers a retry, where TanStack's default would pause them with no word
 * (a paused search even looked like 'No results found'). Cached data stays on screen beside a failed
 * refetch, and `refetchOnReconnect` (the default) fetches again when the connection returns.
 *
 * Writes wait for a connection (`networkMode: 'online'`): one made offline is paused, its screen says
 * it will be sent, and the client resumes it once when back online. They are never retried, so a
 * form is sent once.
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes online until the browser says otherwise; a page reloaded offline (served by the
  // service worker) gets no 'offline' event, so start from what the browser knows now.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        // TanStack turns this off by default with networkMode 'always'; a read that failed offline
        // must run again by itself once the connection is back.
        refetchOnReconnect: true,
        retry: shouldRetryQuery,
        retryDelay: retryDelayMs,
      },
      mutations: { networkMode: 'online', retry: false },
    },
  });
}
