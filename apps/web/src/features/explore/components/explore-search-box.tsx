import { ANY, type SearchFilters } from '@datebook/contracts';
import { SearchBox, SearchFiltersPanel } from '@/features/search';
import type { ExploreSearch } from '../hooks/use-explore-search';

/** The filters Explore offers (spec section 2); Specificity and Sort By are the Search screen's. */
const EXPLORE_FILTER_FIELDS = ['budget', 'mood', 'time', 'category'] as const;

const chosenCount = (filters: SearchFilters) =>
  EXPLORE_FILTER_FIELDS.filter((field) => filters[field] !== ANY).length;

/**
 * The Search screen's box and, behind its toggle, the filter panel. Enter (or the button) with some
 * text hands the search and the filters to the Search screen; blank text does nothing.
 */
export function ExploreSearchBox({ search }: { search: ExploreSearch }) {
  return (
    <div className="explore-search">
      <SearchBox
        text={search.query}
        onText={search.setQuery}
        onSubmit={search.submit}
        chosen={chosenCount(search.filters)}
        filtersClassName="explore-search__panel"
        filters={({ open }) =>
          open && (
            <SearchFiltersPanel
              value={search.filters}
              onChange={search.setFilters}
              fields={EXPLORE_FILTER_FIELDS}
            />
          )
        }
      />
    </div>
  );
}
