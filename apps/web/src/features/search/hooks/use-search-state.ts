import { useState } from 'react';
import { ANY, DEFAULT_SEARCH_FILTERS, type SearchFilters } from '@datebook/contracts';
import { activeFilterFields, withoutFilter } from '../active-filters';
import type { SearchFilterField } from '../components/search-filters-panel';
import type { SearchRun } from '../query-keys';
import { recallSearch, rememberSearch } from '../search-storage';
import { usersSearchable, type SearchTab } from '../search-tab';

interface SearchState {
  /** What the box holds, searched or not. */
  text: string;
  /** The panel's selects: a draft until 'Apply Filters'. */
  draft: SearchFilters;
  /** The filters the results were asked with. */
  applied: SearchFilters;
  tab: SearchTab;
  /** The search on show; null until one runs. */
  search: SearchRun | null;
}

/** What a suggestion chip (or any other shortcut) searches for. */
export interface SearchShortcut {
  q: string;
  filters: SearchFilters;
  tab: SearchTab;
}

/**
 * The search screen's state and its rules (spec section 4, Search): the stored search comes back on
 * first load and runs when it has words or a category; a search stores its words and filters; filter
 * edits wait for 'Apply Filters'; 'Reset All' restores and stores the defaults; a category hides
 * Users and leaves that tab for All.
 */
export function useSearchState() {
  const [state, setState] = useState<SearchState>(initialState);

  /** Runs a search with these words and filters, from its first page, and remembers it. */
  const run = (q: string, filters: SearchFilters, tab: SearchTab, text = q, draft = filters): void => {
    rememberSearch(q, filters);
    setState((current) => ({
      text,
      draft,
      applied: filters,
      tab: tab === 'users' && !usersSearchable(filters) ? 'all' : tab,
      search: { q, filters, run: (current.search?.run ?? 0) + 1 },
    }));
  };

  return {
    ...state,
    setText: (text: string) => setState((current) => ({ ...current, text })),
    setDraft: (draft: SearchFilters) => setState((current) => ({ ...current, draft })),
    selectTab: (tab: SearchTab) => setState((current) => ({ ...current, tab })),
    /** The Search button and Enter: words blank after trimming do nothing (spec section 5). */
    submit: () => {
      const q = state.text.trim();
      if (q !== '') {
        run(q, state.applied, state.tab, state.text, state.draft);
      }
    },
    apply: () => run(state.text.trim(), state.draft, state.tab, state.text),
    /** Back to Any and Relevance, stored; results on show are asked again without the filters. */
    reset: () => {
      if (state.search) {
        run(state.search.q, DEFAULT_SEARCH_FILTERS, state.tab, state.text);
      } else {
        rememberSearch(state.text.trim(), DEFAULT_SEARCH_FILTERS);
        setState((current) => ({
          ...current,
          draft: DEFAULT_SEARCH_FILTERS,
          applied: DEFAULT_SEARCH_FILTERS,
        }));
      }
    },
    runShortcut: ({ q, filters, tab }: SearchShortcut) => run(q, filters, tab),
    /**
     * A chip's ×: the search on show runs again without that filter (the panel's draft loses it
     * too); with no words and no filter left there is nothing to search, as on a first visit.
     */
    removeFilter: (field: SearchFilterField) => {
      const filters = withoutFilter(state.applied, field);
      const draft = withoutFilter(state.draft, field);
      const q = state.search?.q ?? state.text.trim();
      if (q === '' && activeFilterFields(filters).length === 0) {
        rememberSearch('', filters);
        setState((current) => ({ ...current, draft, applied: filters, search: null }));
      } else {
        run(q, filters, state.tab, state.text, draft);
      }
    },
  };
}

function initialState(): SearchState {
  const stored = recallSearch();
  const q = stored.query.trim();
  const runsAtOnce = q !== '' || stored.filters.category !== ANY;
  return {
    text: stored.query,
    draft: stored.filters,
    applied: stored.filters,
    tab: 'all',
    search: runsAtOnce ? { q, filters: stored.filters, run: 0 } : null,
  };
}
