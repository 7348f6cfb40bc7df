import { useId } from 'react';
import type { PostCard } from '@datebook/contracts';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { PostGrid } from '@/ui/post-card/post-grid';

/**
 * A short list of other posts: a date's linked activities, an activity's dates or suggestions. The
 * owner's private dates are listed but have no page to open (spec section 2).
 */
export function RelatedPosts({ title, posts }: { title: string; posts: readonly PostCard[] }) {
  const headingId = useId();
  if (posts.length === 0) {
    return null;
  }
  return (
    <section className="post-related" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <PostGrid label={title}>
        {posts.map((post) => (
          <li key={`${post.kind}-${post.id}`}>
            <PostCardView post={post} size="compact" readOnly openable={post.visibilityPublic} />
          </li>
        ))}
      </PostGrid>
    </section>
  );
}
