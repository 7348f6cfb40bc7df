import { DEFAULT_SEARCH_FILTERS } from '@datebook/contracts';
import type { SearchShortcut } from '../hooks/use-search-state';

/**
 * The empty state's four suggestion chips (spec section 2), which the spec leaves inert and issue 12
 * makes run. A date has no mood, so Romantic Dates searches dates for the word instead.
 */
export const SEARCH_CHIPS: ReadonlyArray<{ label: string; shortcut: SearchShortcut }> = [
  {
    label: 'Romantic Dates',
    shortcut: { q: 'romantic', filters: DEFAULT_SEARCH_FILTERS, tab: 'dates' },
  },
  {
    label: 'Outdoor Activities',
    shortcut: { q: 'outdoor', filters: DEFAULT_SEARCH_FILTERS, tab: 'activities' },
  },
  {
    label: 'Budget Friendly',
    shortcut: { q: '', filters: { ...DEFAULT_SEARCH_FILTERS, budget: 'Free' }, tab: 'all' },
  },
  {
    label: 'Popular Activities',
    shortcut: { q: '', filters: { ...DEFAULT_SEARCH_FILTERS, sort: 'Most Popular' }, tab: 'activities' },
  },
];
