import { ANY, type SearchFilters } from '@datebook/contracts';
import type { Tab } from '@/ui/layout/tabs/tabs';
import { searchTexts } from './search-texts';

export type SearchTab = 'all' | 'activities' | 'dates' | 'users';

const ALL_TABS: readonly Tab<SearchTab>[] = [
  { key: 'all', label: searchTexts.tabs.all },
  { key: 'activities', label: searchTexts.tabs.activities },
  { key: 'dates', label: searchTexts.tabs.dates },
  { key: 'users', label: searchTexts.tabs.users },
];

/** A category describes posts, not people: while one is chosen, Users is not offered (spec section 4). */
export function usersSearchable(filters: SearchFilters): boolean {
  return filters.category === ANY;
}

export function searchTabsFor(filters: SearchFilters): readonly Tab<SearchTab>[] {
  return usersSearchable(filters) ? ALL_TABS : ALL_TABS.filter((tab) => tab.key !== 'users');
}
