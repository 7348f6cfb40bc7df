import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '@datebook/contracts';
import { isApiError } from '@/lib/api-error';

/** Retries a failed query up to the spec's limit, except when the api said the request itself is wrong. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) {
    return false;
  }
  return failureCount < QUERY_CACHE.retries;
}

/** 1 s, 2 s, 4 s… capped: the spec's back-off. `attempt` counts from 0 for the first retry. */
export function retryDelayMs(attempt: number): number {
  return Math.min(QUERY_CACHE.retryBaseMs * 2 ** attempt, QUERY_CACHE.retryMaxMs);
}

/** The data cache as spec section 9 sets it. Mutations are never retried: a form is sent once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: retryDelayMs,
      },
      mutations: { retry: false },
    },
  });
}
