import type { PostKind } from '@datebook/contracts';

/**
 * Cache keys of collections and saves; `all` prefixes every one, so a save, a rename or a delete can
 * mark them all stale together (counts, covers and item lists all follow from the same rows).
 */
export const collectionKeys = {
  all: ['collections'] as const,
  list: () => [...collectionKeys.all, 'list'] as const,
  byNames: () => [...collectionKeys.all, 'by-name'] as const,
  byName: (name: string) => [...collectionKeys.byNames(), name.toLowerCase()] as const,
  items: (id: string) => [...collectionKeys.all, 'items', id] as const,
  savedPosts: () => [...collectionKeys.all, 'saved-posts'] as const,
  ofPost: (kind: PostKind, postId: string) => [...collectionKeys.all, 'of-post', kind, postId] as const,
};
