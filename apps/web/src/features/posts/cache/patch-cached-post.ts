import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PostCard, PostKind, PostList } from '@datebook/contracts';
import { postKeys } from '../query-keys';

/** The cached copies a change touched, as they were: hand them to `restoreCachedPosts` to undo it. */
export type CachedPostsSnapshot = Array<[QueryKey, unknown]>;

/**
 * A post appears in its detail and in any number of cached lists (profile tabs, the account). A like
 * or a new comment changes all of them at once, so every card and page agrees without a refetch.
 */
export function patchCachedPost(
  queryClient: QueryClient,
  post: { kind: PostKind; id: string },
  patch: (card: PostCard) => Partial<PostCard>,
): CachedPostsSnapshot {
  const snapshot: CachedPostsSnapshot = [];
  const detailKey = postKeys.detail(post.kind, post.id);
  const detail = queryClient.getQueryData<PostCard>(detailKey);
  if (detail) {
    snapshot.push([detailKey, detail]);
    queryClient.setQueryData<PostCard>(detailKey, { ...detail, ...patch(detail) });
  }
  for (const [key, lists] of queryClient.getQueriesData<InfiniteData<PostList>>({
    queryKey: postKeys.lists(),
  })) {
    if (!lists?.pages.some((page) => page.items.some((card) => isPost(card, post)))) {
      continue;
    }
    snapshot.push([key, lists]);
    queryClient.setQueryData<InfiniteData<PostList>>(key, {
      ...lists,
      pages: lists.pages.map((page) => ({
        ...page,
        items: page.items.map((card) => (isPost(card, post) ? { ...card, ...patch(card) } : card)),
      })),
    });
  }
  return snapshot;
}

export function restoreCachedPosts(queryClient: QueryClient, snapshot: CachedPostsSnapshot): void {
  for (const [key, data] of snapshot) {
    queryClient.setQueryData(key, data);
  }
}

function isPost(card: PostCard, post: { kind: PostKind; id: string }): boolean {
  return card.kind === post.kind && card.id === post.id;
}
