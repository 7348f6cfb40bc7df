import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_SEARCH_FILTERS, webRoutes, type SearchFilters } from '@datebook/contracts';
import { rememberSearch } from '@/features/search';

/**
 * What the Explore search box and filter panel hold, and the two ways they hand a search to the
 * Search screen (spec section 2, Explore): Enter with some text, or a category. Either way the query
 * and filters go to local storage, which Search restores on load, and the app goes there.
 */
export function useExploreSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<SearchFilters>(DEFAULT_SEARCH_FILTERS);

  const openSearch = (text: string, chosen: SearchFilters) => {
    rememberSearch(text, chosen);
    void navigate(webRoutes.search);
  };

  return {
    query,
    setQuery,
    filters,
    setFilters,
    /** Blank text (after trimming) does nothing, as on the Search screen. */
    submit: () => {
      const text = query.trim();
      if (text !== '') {
        openSearch(text, filters);
      }
    },
    searchCategory: (slug: string) => openSearch(query.trim(), { ...filters, category: slug }),
  };
}

export type ExploreSearch = ReturnType<typeof useExploreSearch>;
