import { messages, webRoutes, type PostCard, type Profile } from '@datebook/contracts';
import { authorLabel, followerLabel } from '@datebook/domain';
import { followingLabel } from '@/features/profile';
import { useSessionUser } from '@/features/session';
import { ButtonLink } from '@/ui/actions/button-link';
import { FormMessage } from '@/ui/feedback/form-message';
import { Dialog } from '@/ui/layout/dialog/dialog';
import { UserAvatar } from '@/ui/media/user-avatar';
import { PostCardView } from '@/ui/post-card/post-card-view';
import { useAuthor } from '../hooks/use-author';
import { useRecentPosts } from '../hooks/use-recent-posts';
import { searchTexts } from '../search-texts';
import { FollowToggle } from './follow-toggle';

interface AuthorDialogProps {
  username: string;
  onClose: () => void;
  /** Opening one of the recent posts: this popup gives way to the post's. */
  onOpenPost: (post: PostCard) => void;
}

/**
 * The mini profile card (spec section 2, Modals): display name and username, follower and following
 * counts in a line, Follow, View Profile (View Account for oneself), Frequent Tags and up to 3
 * recent posts; a private profile keeps its counts, tags and posts to itself. Styled by search.css
 * alone: the profile page's stylesheet may not be loaded when the popup opens.
 */
export function AuthorDialog({ username, onClose, onOpenPost }: AuthorDialogProps) {
  const author = useAuthor(username);
  const title = author.data ? authorLabel(author.data) : `@${username}`;
  return (
    <Dialog title={title} onClose={onClose}>
      {author.isPending && <p role="status">{messages.loading.generic}</p>}
      {author.isError && <FormMessage tone="error">{messages.loads.failedProfile}</FormMessage>}
      {author.isSuccess && <AuthorCard profile={author.data} onOpenPost={onOpenPost} />}
    </Dialog>
  );
}

function AuthorCard({ profile, onOpenPost }: { profile: Profile; onOpenPost: (post: PostCard) => void }) {
  const viewer = useSessionUser();
  const self = profile.relationship.isSelf;
  const tags = profile.frequentTags ?? [];
  return (
    <div className="author-card">
      <div className="author-card__identity">
        <UserAvatar username={profile.username} src={profile.avatarUrl} size="lg" />
        <div className="author-card__names">
          <p className="author-card__name">{authorLabel(profile)}</p>
          <p className="author-card__username">@{profile.username}</p>
        </div>
      </div>
      {profile.followerCount !== null && profile.followingCount !== null && (
        <p className="author-card__counts">
          <Count text={followerLabel(profile.followerCount, 'lower')} />
          <Count text={followingLabel(profile.followingCount, 'lower')} />
        </p>
      )}
      <div className="author-card__actions">
        {viewer && !self && (
          <FollowToggle
            user={{
              id: profile.id,
              username: profile.username,
              isFollowing: profile.relationship.isFollowing,
              isPrivate: profile.isPrivate,
              requested: profile.relationship.requested,
            }}
            label={authorLabel(profile)}
          />
        )}
        <ButtonLink variant="secondary" to={self ? webRoutes.account : webRoutes.profile(profile.username)}>
          {self ? searchTexts.viewAccount : searchTexts.viewProfile}
        </ButtonLink>
      </div>
      {profile.visible ? (
        <>
          {tags.length > 0 && (
            <section className="author-card__tags-section" aria-label={searchTexts.frequentTags}>
              <h3 className="author-card__section-title">{searchTexts.frequentTags}</h3>
              <ul className="author-card__tags">
                {tags.map((tag) => (
                  <li key={tag} className="author-card__tag">
                    #{tag}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <RecentPosts username={profile.username} onOpenPost={onOpenPost} />
        </>
      ) : (
        <p className="author-card__private">{messages.empty.privateUser}</p>
      )}
    </div>
  );
}

/** "12 followers": the number in bold, the word after it. */
function Count({ text }: { text: string }) {
  const space = text.indexOf(' ');
  return (
    <span className="author-card__count">
      <strong>{text.slice(0, space)}</strong>
      {text.slice(space)}
    </span>
  );
}

function RecentPosts({ username, onOpenPost }: { username: string; onOpenPost: (post: PostCard) => void }) {
  const recent = useRecentPosts(username);
  if (recent.pending) {
    return <p role="status">{messages.loading.generic}</p>;
  }
  if (recent.posts.length === 0) {
    return <p className="author-card__none">{messages.empty.userPosts}</p>;
  }
  return (
    <section className="author-card__recent" aria-label={searchTexts.recentPosts}>
      <h3 className="author-card__section-title">{searchTexts.recentPosts}</h3>
      <ul className="author-card__posts">
        {recent.posts.map((post) => (
          <li key={`${post.kind}-${post.id}`}>
            <PostCardView post={post} size="compact" readOnly onOpen={onOpenPost} />
          </li>
        ))}
      </ul>
    </section>
  );
}
