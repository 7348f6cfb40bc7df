import { DEFAULT_SEARCH_FILTERS, type SearchFilters } from '@datebook/contracts';
import { SEARCH_FILTER_FIELDS, type SearchFilterField } from './components/search-filters-panel';

/** The filters a search runs with that differ from the defaults (Any, Relevance), in the panel's order. */
export function activeFilterFields(filters: SearchFilters): SearchFilterField[] {
  return SEARCH_FILTER_FIELDS.filter((field) => filters[field] !== DEFAULT_SEARCH_FILTERS[field]);
}

/** The filters with one put back to its default. */
export function withoutFilter(filters: SearchFilters, field: SearchFilterField): SearchFilters {
  return { ...filters, [field]: DEFAULT_SEARCH_FILTERS[field] };
}
