import type { PlanListScope } from '@datebook/contracts';

/**
 * Cache keys of plans. `lists()` prefixes every list (both /saved/planned sections and the /saved
 * preview), so an invite, a removal or any change marks them all stale together.
 */
export const planKeys = {
  all: ['plans'] as const,
  lists: () => [...planKeys.all, 'list'] as const,
  list: (scope: PlanListScope, limit?: number) => [...planKeys.lists(), scope, limit ?? 'page'] as const,
  detail: (id: string) => [...planKeys.all, 'detail', id] as const,
  history: (id: string) => [...planKeys.all, 'history', id] as const,
  choices: (id: string) => [...planKeys.all, 'choices', id] as const,
  shared: (username: string, shareToken: string) =>
    [...planKeys.all, 'shared', username.toLowerCase(), shareToken] as const,
  shareLink: (id: string) => [...planKeys.all, 'share-link', id] as const,
  picker: (source: string, query = '') => [...planKeys.all, 'picker', source, query] as const,
};
