import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { PostCard, PostSearchPage } from '@datebook/contracts';
import { useSaveToggle } from '@/features/collections';
import { useCardActions } from '@/features/posts';
import type { CardActions } from '@/ui/post-card/post-card-types';
import { searchKeys } from '../query-keys';

/**
 * The card actions of every feed, except that a result's save marker changes at once and then the
 * save toggle runs (spec section 4, Save); the toggle's answer then sets every copy, this one too,
 * and a failed save takes the marker back.
 */
export function useSearchCardActions(openComments: (post: PostCard) => void) {
  const queryClient = useQueryClient();
  const card = useCardActions(openComments);
  const save = useSaveToggle();
  const actions: CardActions = {
    ...card.actions,
    onSave: (post) => {
      markSaved(queryClient, post, !post.isSaved);
      save.toggle(post, { onError: () => markSaved(queryClient, post, post.isSaved) });
    },
  };
  return { ...card, actions };
}

function markSaved(queryClient: QueryClient, post: PostCard, isSaved: boolean): void {
  const matches = (card: PostCard) => card.kind === post.kind && card.id === post.id;
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<PostSearchPage>>({
    queryKey: searchKeys.allPosts(),
  })) {
    if (data?.pages.some((page) => page.items.some(matches))) {
      queryClient.setQueryData<InfiniteData<PostSearchPage>>(key, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (matches(item) ? { ...item, isSaved } : item)),
        })),
      });
    }
  }
}
