import { useRef } from 'react';
import type { PostCard } from '@datebook/contracts';
import { useSessionUser } from '@/features/session/use-session';
import type { CardActions } from '@/ui/post-card/post-card-types';
import { useLikeToggle } from './use-like-toggle';
import { useSharePost } from './use-share-post';

/**
 * What a member can do from a card: like (optimistic, on every copy of the post), open the comments
 * in the post's popup, share. Visitors get none (spec section 6): `readOnly` says so.
 */
export function useCardActions(openComments: (post: PostCard) => void) {
  const user = useSessionUser();
  const like = useLikeToggle();
  const { share, manualUrl, closeManual } = useSharePost();
  // A second click on the same heart while the first is on its way would count twice.
  const liking = useRef(new Set<string>());

  const actions: CardActions = {
    onLike: (post) => {
      const key = `${post.kind}:${post.id}`;
      if (liking.current.has(key)) {
        return;
      }
      liking.current.add(key);
      like
        .mutateAsync({ post, liked: !post.isLiked })
        .catch(() => {
          // The mutation already put the heart and count back, as on the post's page.
        })
        .finally(() => liking.current.delete(key));
    },
    onComment: openComments,
    onShare: (post) => void share(post),
  };
  return { readOnly: user === null, actions, manualUrl, closeManual };
}
