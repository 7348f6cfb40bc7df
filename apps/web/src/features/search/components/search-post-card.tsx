import type { MouseEvent } from 'react';
import type { PostCard } from '@datebook/contracts';
import { PostCardView } from '@/ui/post-card/post-card-view';
import type { CardSize } from '@/ui/post-card/post-card-types';
import type { ResultHandlers } from './result-handlers';

/**
 * A result card. A plain click on the author opens the author popup (spec section 2, Modals) rather
 * than the profile; the author stays a link, so a new tab or window still opens the profile.
 */
export function SearchPostCard({
  post,
  size,
  handlers,
}: {
  post: PostCard;
  size: CardSize;
  handlers: ResultHandlers;
}) {
  const handleClickCapture = (event: MouseEvent<HTMLLIElement>) => {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    const onAuthor = event.target instanceof Element && event.target.closest('.post-card__author') !== null;
    if (plainClick && onAuthor && post.author.username) {
      event.preventDefault();
      handlers.openAuthor(post.author.username);
    }
  };
  return (
    // Only listens: the author link itself takes the keyboard, and Enter on it is a click passing here.
    <li onClickCapture={handleClickCapture}>
      <PostCardView
        post={post}
        size={size}
        readOnly={handlers.readOnly}
        actions={handlers.readOnly ? {} : handlers.actions}
        onOpen={handlers.openPost}
      />
    </li>
  );
}
