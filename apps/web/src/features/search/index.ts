/**
 * What other features use of search: the stored search Explore writes before opening /search, the
 * search box and filter panel Explore shows, a found member after a live follow change (Explore's
 * creators are search results too), and the live hook the app mounts.
 */
export { SearchBox } from './components/search-box';
export {
  SearchFiltersPanel,
  type SearchFilterField,
  type SearchFiltersPanelProps,
} from './components/search-filters-panel';
export { recallSearch, rememberSearch, type StoredSearch } from './search-storage';
export { searchPages } from './pages';
export { withFollowChange } from './follow-change';
export { useLiveSearchFollows } from './hooks/use-live-search-follows';
