import { useQuery } from '@tanstack/react-query';
import type { CategoryAppliesTo } from '@datebook/contracts';
import { fetchCategories } from '../api';
import { postKeys } from '../query-keys';

/** The categories a post of this kind may use; seeded, so the cache keeps them for its usual time. */
export function useCategories(appliesTo: CategoryAppliesTo) {
  return useQuery({
    queryKey: [...postKeys.all, 'categories', appliesTo],
    queryFn: ({ signal }) => fetchCategories(appliesTo, signal),
    select: (list) => list.items,
  });
}
