import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PostCard } from '@datebook/contracts';
import { coverOf, postPath, postTypeLabel } from '@datebook/domain';
import { classNames } from '@/lib/class-names';
import { CategoryLabel } from '@/ui/icons/category-label';
import { BookmarkIcon } from '@/ui/icons/icons';
import { Carousel } from '@/ui/media/carousel/carousel';
import { MediaItemView } from '@/ui/media/carousel/media-item-view';
import { MediaCategory, PlaceholderPhoto } from '@/ui/media/carousel/placeholder-photo';
import { CardActionsBar } from './card-actions-bar';
import { CardAuthor } from './card-author';
import type { CardActions, CardSize } from './post-card-types';
import { RelationshipBadge, type Relationship } from './relationship-badge';
import './post-card.css';

interface PostCardViewProps {
  post: PostCard;
  size: CardSize;
  relationship?: Relationship | null;
  /** Hides save, like, comment and share (spec section 2): visitors' and preview cards. */
  readOnly?: boolean;
  actions?: CardActions;
  /** Opens the post in a popup instead of going to its page. */
  onOpen?: (post: PostCard) => void;
  /** False leaves the card inert: spec section 6, a non-public date opened from a profile list. */
  openable?: boolean;
  /** The first card of a page that opens on cards (Home): its photo is the page's largest paint. */
  priority?: boolean;
}

/** Full and long cards fill a grid column (at least 15rem) or, on a phone, the screen's width. */
const CARD_SIZES = '(min-width: 36rem) 24rem, 100vw';

/** A post as a card in one of the spec's four sizes; the whole card opens the post. */
export function PostCardView({
  post,
  size,
  relationship,
  readOnly = false,
  actions = {},
  onOpen,
  openable = true,
  priority = false,
}: PostCardViewProps) {
  const navigate = useNavigate();
  const textOnly = post.media.length === 0 && (size === 'long' || size === 'slim');
  const opener = <CardOpener post={post} onOpen={onOpen} openable={openable} />;
  // The photo sits above the title's stretched link, so swipes reach it; a click on it opens the post.
  const openFromPhoto = !openable
    ? undefined
    : onOpen
      ? () => onOpen(post)
      : () => void navigate(postPath(post.kind, post.id));
  return (
    <article className={classNames('post-card', `post-card--${size}`, textOnly && 'post-card--text')}>
      {size === 'full' && (
        <>
          <div className="post-card__header">
            <CardAuthor author={post.author} />
            {relationship && <RelationshipBadge relationship={relationship} />}
          </div>
          <div className="post-card__media">
            <MediaCategory slug={post.category?.slug ?? null}>
              <Carousel
                items={post.media}
                title={post.title}
                shape="square"
                sizes={CARD_SIZES}
                priority={priority}
                onPhotoClick={openFromPhoto}
              />
            </MediaCategory>
            {post.kind === 'date' && <span className="post-card__kind">Date</span>}
          </div>
          <div className="post-card__body">
            {opener}
            {!post.visibilityPublic && <p className="post-card__private">Private Post</p>}
            <p className="post-card__description">{post.description}</p>
            <CardLabels post={post} />
          </div>
          {!readOnly && <CardActionsBar post={post} actions={actions} />}
        </>
      )}
      {size === 'long' && (
        <>
          {!textOnly && (
            <MediaCategory slug={post.category?.slug ?? null}>
              <Carousel
                items={post.media}
                title={post.title}
                shape="wide"
                sizes={CARD_SIZES}
                priority={priority}
                onPhotoClick={openFromPhoto}
              />
            </MediaCategory>
          )}
          <div className="post-card__overlay">
            <div className="post-card__header">
              <CardAuthor author={post.author} />
              {relationship && <RelationshipBadge relationship={relationship} />}
              {!readOnly && <SaveButton post={post} actions={actions} />}
            </div>
            {opener}
            {textOnly && <p className="post-card__description">{post.description}</p>}
          </div>
        </>
      )}
      {size === 'slim' && (
        <>
          {!textOnly && <CoverImage post={post} sizes="260px" />}
          <div className="post-card__overlay">
            <span className="post-card__kind">{postTypeLabel(post.kind)}</span>
            {opener}
            {textOnly && <p className="post-card__description">{post.description}</p>}
          </div>
        </>
      )}
      {size === 'compact' && (
        <>
          <div className="post-card__thumb">
            <CoverImage post={post} sizes="96px" />
          </div>
          <div className="post-card__body">
            {opener}
            {!post.visibilityPublic && <p className="post-card__private">Private Post</p>}
            <CardAuthor author={post.author} />
          </div>
        </>
      )}
    </article>
  );
}

/** The title, as the link (or button) stretched over the whole card. */
function CardOpener({
  post,
  onOpen,
  openable,
}: {
  post: PostCard;
  onOpen: PostCardViewProps['onOpen'];
  openable: boolean;
}) {
  const title = <span className="post-card__title">{post.title}</span>;
  return (
    <h3 className="post-card__heading">
      {!openable ? (
        title
      ) : onOpen ? (
        <button type="button" className="post-card__open" onClick={() => onOpen(post)}>
          {title}
        </button>
      ) : (
        <Link className="post-card__open" to={postPath(post.kind, post.id)}>
          {title}
        </Link>
      )}
    </h3>
  );
}

function CoverImage({ post, sizes }: { post: PostCard; sizes: string }) {
  const cover = coverOf(post.media);
  return (
    <MediaCategory slug={post.category?.slug ?? null}>
      {cover === null || typeof cover === 'string' ? (
        <PlaceholderPhoto />
      ) : (
        <MediaItemView item={cover} label={post.title} sizes={sizes} />
      )}
    </MediaCategory>
  );
}

function CardLabels({ post }: { post: PostCard }) {
  const labels: ReactNode[] = [];
  if (post.tags[0]) {
    labels.push(
      <li key="tag" className="post-card__tag">
        #{post.tags[0]}
      </li>,
    );
  }
  const label = post.category ? <CategoryLabel category={post.category} /> : post.budget;
  if (label) {
    labels.push(
      <li key="label" className="post-card__label">
        {label}
      </li>,
    );
  }
  return labels.length > 0 ? <ul className="post-card__labels">{labels}</ul> : null;
}

function SaveButton({ post, actions }: { post: PostCard; actions: CardActions }) {
  return (
    <button
      type="button"
      className="post-card__save"
      aria-pressed={post.isSaved}
      aria-label="Save"
      onClick={() => actions.onSave?.(post)}
    >
      <BookmarkIcon size={18} />
    </button>
  );
}
