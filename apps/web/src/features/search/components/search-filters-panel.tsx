import {
  ANY,
  BUDGETS,
  EXPLORE_MOODS,
  SORT_OPTIONS,
  SPECIFICITY_OPTIONS,
  searchFiltersSchema,
  TIME_REQUIRED,
  type SearchFilters,
} from '@datebook/contracts';
import { useAllCategories } from '@/features/posts';
import { Field } from '@/ui/inputs/field';
import '../search.css';

export type SearchFilterField = keyof SearchFilters;

/** The panel's selects in the spec's order (sections 2 and 4): Explore shows the first four. */
export const SEARCH_FILTER_FIELDS: readonly SearchFilterField[] = [
  'budget',
  'mood',
  'time',
  'category',
  'specificity',
  'sort',
];

/** Each select's label, also the name an active filter's chip gives it. */
export const SEARCH_FILTER_LABELS: Record<SearchFilterField, string> = {
  budget: 'Budget',
  mood: 'Mood',
  time: 'Time',
  category: 'Category',
  specificity: 'Specificity',
  sort: 'Sort By',
};

interface Option {
  value: string;
  label: string;
}

const asOptions = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

const FIXED_OPTIONS: Record<Exclude<SearchFilterField, 'category'>, Option[]> = {
  budget: asOptions([ANY, ...BUDGETS]),
  mood: asOptions([ANY, ...EXPLORE_MOODS]),
  time: asOptions(TIME_REQUIRED),
  specificity: asOptions(SPECIFICITY_OPTIONS),
  sort: asOptions(SORT_OPTIONS),
};

export interface SearchFiltersPanelProps {
  value: SearchFilters;
  onChange: (next: SearchFilters) => void;
  /** Which selects to show, in the panel's own order; all six unless told. */
  fields?: ReadonlyArray<SearchFilterField>;
}

/**
 * The Search and Explore filters as native selects (the platform's picker suits every device and
 * screen reader). Controlled: every change is handed up whole, and the screen decides whether it
 * applies at once (Explore) or is a draft until 'Apply Filters' (Search).
 */
export function SearchFiltersPanel({
  value,
  onChange,
  fields = SEARCH_FILTER_FIELDS,
}: SearchFiltersPanelProps) {
  const categories = useAllCategories();
  const shown = SEARCH_FILTER_FIELDS.filter((field) => fields.includes(field));

  const optionsOf = (field: SearchFilterField): Option[] => {
    if (field !== 'category') {
      return FIXED_OPTIONS[field];
    }
    const listed = categories.items.map((category) => ({ value: category.slug, label: category.name }));
    // A stored slug stays selectable while the names load (or if it is no longer offered), so the
    // select never shows a value the filters do not hold.
    const current =
      value.category !== ANY && !listed.some((option) => option.value === value.category)
        ? [{ value: value.category, label: value.category }]
        : [];
    return [{ value: ANY, label: ANY }, ...current, ...listed];
  };

  return (
    <fieldset className="search-filters">
      <legend className="visually-hidden">Filters</legend>
      {shown.map((field) => (
        <Field key={field} label={SEARCH_FILTER_LABELS[field]}>
          {(control) => (
            <select
              className="field__control field__control--select"
              {...control}
              aria-busy={(field === 'category' && categories.isPending) || undefined}
              value={value[field]}
              onChange={(event) =>
                onChange(searchFiltersSchema.parse({ ...value, [field]: event.target.value }))
              }
            >
              {optionsOf(field).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </fieldset>
  );
}
