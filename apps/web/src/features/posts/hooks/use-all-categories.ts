import type { Category } from '@datebook/contracts';
import { useCategories } from './use-categories';

/**
 * Every category, once: an activity's and a date's lists share the common ones, so they are merged
 * by slug and sorted by name (the Explore row and the search filter panel). They are the lists the
 * create form caches too.
 */
export function useAllCategories() {
  const activities = useCategories('activity');
  const dates = useCategories('date');
  const bySlug = new Map<string, Category>();
  for (const category of [...(activities.data ?? []), ...(dates.data ?? [])]) {
    bySlug.set(category.slug, category);
  }
  return {
    items: [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name)),
    isPending: activities.isPending || dates.isPending,
    isError: activities.isError || dates.isError,
    retry: () => {
      void activities.refetch();
      void dates.refetch();
    },
  };
}
