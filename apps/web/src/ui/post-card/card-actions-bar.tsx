import type { PostCard } from '@datebook/contracts';
import { ShareIcon } from '@/ui/icons/action-icons';
import { BookmarkIcon, MessageIcon } from '@/ui/icons/icons';
import type { CardActions } from './post-card-types';

/**
 * Like, comment and share with the real counts, and save where the page can save; absent on
 * read-only cards.
 */
export function CardActionsBar({ post, actions }: { post: PostCard; actions: CardActions }) {
  return (
    <div className="post-card__actions">
      <button
        type="button"
        className="post-card__action"
        aria-pressed={post.isLiked}
        aria-label={`Like, ${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'}`}
        onClick={() => actions.onLike?.(post)}
      >
        <span aria-hidden="true">{post.isLiked ? '♥' : '♡'}</span> {post.likeCount}
      </button>
      <button
        type="button"
        className="post-card__action"
        aria-label={`Comments, ${post.commentCount}`}
        onClick={() => actions.onComment?.(post)}
      >
        <MessageIcon size={18} /> {post.commentCount}
      </button>
      <button
        type="button"
        className="post-card__action"
        aria-label="Share"
        onClick={() => actions.onShare?.(post)}
      >
        <ShareIcon size={18} />
      </button>
      {actions.onSave && (
        <button
          type="button"
          className="post-card__action post-card__action--save"
          aria-pressed={post.isSaved}
          aria-label="Save"
          onClick={() => actions.onSave?.(post)}
        >
          <BookmarkIcon size={18} />
        </button>
      )}
    </div>
  );
}
