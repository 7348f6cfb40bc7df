import {
  ANY,
  DEFAULT_SEARCH_FILTERS,
  followEndpoints,
  profileEndpoints,
  searchEndpoints,
  type PostKind,
  type SearchFilters,
} from '@datebook/contracts';
import { callEndpoint } from '@/lib/api-client';

/** One page of activities or dates matching the words and filters; `cursor` continues the last page. */
export function fetchPostResults(
  kind: PostKind,
  q: string,
  filters: SearchFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const endpoint = kind === 'activity' ? searchEndpoints.activities : searchEndpoints.dates;
  return callEndpoint(endpoint, { query: { q, ...chosenFilters(kind, filters), cursor }, signal });
}

/**
 * The filters that narrow or reorder this search, defaults left out of the address. Mood, time and
 * specificity describe activities only, so a date search does not send them.
 */
function chosenFilters(kind: PostKind, filters: SearchFilters): Partial<SearchFilters> {
  const chosen: Partial<SearchFilters> = {};
  if (filters.budget !== ANY) {
    chosen.budget = filters.budget;
  }
  if (filters.category !== ANY) {
    chosen.category = filters.category;
  }
  if (filters.sort !== DEFAULT_SEARCH_FILTERS.sort) {
    chosen.sort = filters.sort;
  }
  if (kind === 'activity') {
    if (filters.mood !== ANY) {
      chosen.mood = filters.mood;
    }
    if (filters.time !== ANY) {
      chosen.time = filters.time;
    }
    if (filters.specificity !== ANY) {
      chosen.specificity = filters.specificity;
    }
  }
  return chosen;
}

export function fetchUserResults(q: string, cursor: string | undefined, signal?: AbortSignal) {
  return callEndpoint(searchEndpoints.users, { query: { q, cursor }, signal });
}

/** The author popup's profile: the same call, and the same cache entry, as the profile page's. */
export function fetchAuthor(username: string, signal?: AbortSignal) {
  return callEndpoint(profileEndpoints.get, { params: { username }, signal });
}

export function setFollowing(username: string, following: boolean) {
  return callEndpoint(following ? followEndpoints.follow : followEndpoints.unfollow, {
    params: { username },
  });
}
