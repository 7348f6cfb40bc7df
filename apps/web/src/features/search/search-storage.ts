import {
  DEFAULT_SEARCH_FILTERS,
  searchFiltersSchema,
  STORAGE_KEYS,
  type SearchFilters,
} from '@datebook/contracts';

/*
 * The search the member last asked for, kept in local storage under the spec's keys (section 3):
 * `searchQuery` (the text) and `searchFilters` (budget, mood, category, time, specificity, sort).
 * Explore writes it before going to /search; Search restores it on first load.
 */

export interface StoredSearch {
  query: string;
  filters: SearchFilters;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Stores the query and filters; a storage that refuses (private mode, quota) is not an error. */
export function rememberSearch(query: string, filters: SearchFilters): void {
  try {
    storage()?.setItem(STORAGE_KEYS.searchQuery, query);
    storage()?.setItem(STORAGE_KEYS.searchFilters, JSON.stringify(filters));
  } catch {
    // The search still runs from the page's own state; only the memory of it is lost.
  }
}

/** The stored search; anything missing, unreadable or unknown falls back to the defaults. */
export function recallSearch(): StoredSearch {
  const store = storage();
  const query = store?.getItem(STORAGE_KEYS.searchQuery) ?? '';
  let filters = DEFAULT_SEARCH_FILTERS;
  const raw = store?.getItem(STORAGE_KEYS.searchFilters);
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      filters = searchFiltersSchema.parse({ ...DEFAULT_SEARCH_FILTERS, ...(parsed as object) });
    } catch {
      filters = DEFAULT_SEARCH_FILTERS;
    }
  }
  return { query, filters };
}
