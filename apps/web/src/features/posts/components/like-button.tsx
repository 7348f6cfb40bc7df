import { useSessionUser } from '@/features/session';
import { useLikeToggle } from '../hooks/use-like-toggle';
import type { PostDetail } from '../hooks/use-post-detail';

/** Members like and unlike; visitors (who may not, spec section 6) see the count only. */
export function LikeButton({ post }: { post: PostDetail }) {
  const user = useSessionUser();
  const toggle = useLikeToggle();
  const count = `${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'}`;
  if (!user) {
    return <span className="post-detail__count">{count}</span>;
  }
  return (
    <button
      type="button"
      className="post-detail__like"
      aria-pressed={post.isLiked}
      onClick={() => toggle.mutate({ post, liked: !post.isLiked })}
    >
      <span aria-hidden="true">{post.isLiked ? '♥' : '♡'}</span> Like
      <span className="post-detail__count">{count}</span>
    </button>
  );
}
