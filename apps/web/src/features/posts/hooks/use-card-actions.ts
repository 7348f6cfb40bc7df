import type { PostCard } from '@datebook/contracts';
import { useSaveToggle } from '@/features/collections';
import { useSessionUser } from '@/features/session';
import type { CardActions } from '@/ui/post-card/post-card-types';
import { useLikeToggle } from './use-like-toggle';
import { useSharePost } from './use-share-post';

/**
 * What a member can do from a card: like (optimistic, on every copy of the post), open the comments
 * in the post's popup, share, save (once the api confirms). Visitors get none (spec section 6):
 * `readOnly` says so.
 */
export function useCardActions(openComments: (post: PostCard) => void) {
  const user = useSessionUser();
  const like = useLikeToggle();
  const save = useSaveToggle();
  const { share, manualUrl, closeManual } = useSharePost();
  const actions: CardActions = {
    onLike: (post) => like.mutate({ post, liked: !post.isLiked }),
    onComment: openComments,
    onShare: (post) => void share(post),
    onSave: save.toggle,
  };
  return { readOnly: user === null, actions, manualUrl, closeManual };
}
