/**
 * What other features use of search: the stored search Explore writes before opening /search, and
 * the search box and filter panel Explore shows.
 */
export { SearchBox } from './components/search-box';
export {
  SearchFiltersPanel,
  type SearchFilterField,
  type SearchFiltersPanelProps,
} from './components/search-filters-panel';
export { recallSearch, rememberSearch, type StoredSearch } from './search-storage';
export { searchPages } from './pages';
