import { useState } from 'react';
import { Link } from 'react-router-dom';
import { webRoutes } from '@datebook/contracts';
import { authorLabel } from '@datebook/domain';
import { PostSaveActions } from '@/features/collections';
import { Button } from '@/ui/actions/button';
import { ShareIcon } from '@/ui/icons/action-icons';
import { ManualCopyDialog } from '@/ui/layout/dialog/manual-copy-dialog';
import { Carousel } from '@/ui/media/carousel/carousel';
import { MediaCategory } from '@/ui/media/carousel/placeholder-photo';
import { MediaViewer } from '@/ui/media/media-viewer';
import { UserAvatar } from '@/ui/media/user-avatar';
import { useSharePost } from '../hooks/use-share-post';
import type { PostDetail } from '../hooks/use-post-detail';
import { CommentsSection } from './comments-section';
import { LikeButton } from './like-button';
import { OwnerActions } from './owner-actions';
import { PostFacts } from './post-facts';
import { RelatedPosts } from './related-posts';
import '../posts.css';

interface PostDetailViewProps {
  post: PostDetail;
  /** The page's h1 or the popup's h2 names the post. */
  headingLevel: 1 | 2;
  onDeleted: () => void;
}

/** Everything about one post, on its page and in its popup (spec section 2, Modals). */
export function PostDetailView({ post, headingLevel, onDeleted }: PostDetailViewProps) {
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const { share, manualUrl, closeManual } = useSharePost();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <article className="post-detail">
      <div className="post-detail__layout">
        <div className="post-detail__media">
          <MediaCategory slug={post.category?.slug ?? null}>
            <Carousel
              items={post.media}
              title={post.title}
              shape="square"
              sizes="(min-width: 48rem) 36rem, 100vw"
              priority={headingLevel === 1}
              onOpen={post.media.length > 0 ? setViewerAt : undefined}
            />
          </MediaCategory>
        </div>
        <div className="post-detail__content">
          <Link className="post-detail__author" to={webRoutes.profile(post.author.username)}>
            <UserAvatar username={post.author.username} src={post.author.avatarUrl} size="sm" />
            {authorLabel(post.author)}
          </Link>
          <Heading className="post-detail__title">{post.title}</Heading>
          {post.kind === 'date' && !post.visibilityPublic && (
            <p className="post-detail__private">Private Post</p>
          )}
          <p className="post-detail__description">{post.description}</p>
          <PostFacts post={post} />
          <div className="post-detail__actions">
            <LikeButton post={post} />
            <span className="post-detail__count">
              {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
            </span>
            <Button variant="secondary" onClick={() => void share(post)}>
              <ShareIcon size={18} />
              Share
            </Button>
            <PostSaveActions post={post} />
          </div>
          {post.isOwner && <OwnerActions post={post} onDeleted={onDeleted} />}
          {post.kind === 'date' ? (
            <RelatedPosts title="Linked activities" posts={post.activities} />
          ) : post.connectedDates.length > 0 ? (
            <RelatedPosts title="Connected dates" posts={post.connectedDates} />
          ) : (
            <RelatedPosts title="You might also like" posts={post.youMightAlsoLike.slice(0, 3)} />
          )}
          <CommentsSection post={post} />
        </div>
      </div>
      {viewerAt !== null && (
        <MediaViewer
          items={post.media}
          title={post.title}
          startAt={viewerAt}
          onClose={() => setViewerAt(null)}
        />
      )}
      {manualUrl && <ManualCopyDialog url={manualUrl} onClose={closeManual} />}
    </article>
  );
}
