import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { PostCard, PostKind, PostList } from '@datebook/contracts';

type PostRef = { kind: PostKind; id: string };

/**
 * Sets `isSaved` on every cached copy of a post: its detail and every card list that holds it, in
 * any feature (profile tabs, saved posts, collections). Copies are found by shape rather than by
 * key, so collections need not know the cache keys of the features that show posts.
 */
export function patchSavedFlag(queryClient: QueryClient, post: PostRef, isSaved: boolean): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data: unknown = query.state.data;
    if (isCardOf(data, post) && data.isSaved !== isSaved) {
      queryClient.setQueryData<PostCard>(query.queryKey, { ...data, isSaved });
    } else if (
      isCardPages(data) &&
      data.pages.some((page) => page.items.some((card) => isCardOf(card, post)))
    ) {
      queryClient.setQueryData<InfiniteData<PostList>>(query.queryKey, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((card) => (isCardOf(card, post) ? { ...card, isSaved } : card)),
        })),
      });
    }
  }
}

function isCardOf(data: unknown, post: PostRef): data is PostCard {
  if (typeof data !== 'object' || data === null || !('isSaved' in data)) {
    return false;
  }
  const card = data as Partial<PostCard>;
  return card.kind === post.kind && card.id === post.id;
}

function isCardPages(data: unknown): data is InfiniteData<PostList> {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as Partial<InfiniteData<unknown>>).pages) &&
    (data as InfiniteData<unknown>).pages.every(
      (page) => typeof page === 'object' && page !== null && Array.isArray((page as Partial<PostList>).items),
    )
  );
}
