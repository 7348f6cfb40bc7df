import { useRef } from 'react';
import type { SearchFilters } from '@datebook/contracts';
import { useAllCategories } from '@/features/posts';
import { CloseIcon } from '@/ui/icons/icons';
import { activeFilterFields } from '../active-filters';
import { searchTexts } from '../search-texts';
import { SEARCH_FILTER_LABELS, type SearchFilterField } from './search-filters-panel';

interface ActiveFilterChipsProps {
  filters: SearchFilters;
  onRemove: (field: SearchFilterField) => void;
  /** Where focus goes when the last chip is removed (the Filters toggle). */
  onEmptied: () => void;
}

/**
 * The filters the results were asked with, one removable chip each, in view whether or not the
 * panel is open (issue 24): a category chosen on Explore shows here on arrival. Removing a chip
 * searches again without it; focus moves to the chip that takes its place.
 */
export function ActiveFilterChips({ filters, onRemove, onEmptied }: ActiveFilterChipsProps) {
  const categories = useAllCategories();
  const list = useRef<HTMLUListElement>(null);
  const fields = activeFilterFields(filters);
  if (fields.length === 0) {
    return null;
  }
  const valueOf = (field: SearchFilterField): string =>
    field === 'category'
      ? (categories.items.find((category) => category.slug === filters.category)?.name ?? filters.category)
      : filters[field];

  const remove = (field: SearchFilterField, index: number) => {
    onRemove(field);
    requestAnimationFrame(() => {
      const chips = list.current?.querySelectorAll('button') ?? [];
      const next = chips[Math.min(index, chips.length - 1)];
      if (next) {
        next.focus();
      } else {
        onEmptied();
      }
    });
  };

  return (
    <ul ref={list} className="active-filters" aria-label={searchTexts.activeFilters}>
      {fields.map((field, index) => {
        const chip = `${SEARCH_FILTER_LABELS[field]}: ${valueOf(field)}`;
        return (
          <li key={field}>
            <button
              type="button"
              className="active-filter"
              aria-label={searchTexts.removeFilter(chip)}
              onClick={() => remove(field, index)}
            >
              <span>{chip}</span>
              <CloseIcon size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
