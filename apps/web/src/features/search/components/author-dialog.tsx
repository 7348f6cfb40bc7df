import { messages, webRoutes, type PostCard, type Profile } from '@datebook/contracts';
import { authorLabel, followerLabel } from '@datebook/domain';
import { CountText, FollowCounts, followingLabel, ProfileDetails } from '@/features/profile';
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
 * The mini profile card (spec section 2, Modals): counts, Follow, View Profile (View Account for
 * oneself), frequent tags and up to 3 recent posts; a private profile keeps its posts to itself.
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
  return (
    <div className="author-card">
      <div className="author-card__identity">
        <UserAvatar username={profile.username} src={profile.avatarUrl} size="lg" />
        <p className="author-card__username">@{profile.username}</p>
      </div>
      {profile.followerCount !== null && profile.followingCount !== null && (
        <FollowCounts
          followers={<CountText text={followerLabel(profile.followerCount, 'lower')} />}
          following={<CountText text={followingLabel(profile.followingCount, 'lower')} />}
        />
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
          <ProfileDetails location={null} tags={profile.frequentTags} />
          <RecentPosts username={profile.username} onOpenPost={onOpenPost} />
        </>
      ) : (
        <p className="author-card__private">{messages.empty.privateUser}</p>
      )}
    </div>
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
      <h3 className="author-card__recent-title">{searchTexts.recentPosts}</h3>
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
