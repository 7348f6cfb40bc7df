import { Link, useLocation } from 'react-router-dom';
import { followLabels, webRoutes, type UserSearchResult } from '@datebook/contracts';
import { authorLabel, followerLabel } from '@datebook/domain';
import { loginPathFor } from '@/features/auth';
import { FOLLOW_STATUS_LABELS, followStatusOf, pressFollows } from '@/features/profile';
import { Button } from '@/ui/actions/button';
import { ButtonLink } from '@/ui/actions/button-link';
import { UserAvatar } from '@/ui/media/user-avatar';
import { useFollowCreator } from '../hooks/use-follow-creator';

/**
 * A creator: avatar, name, @username and follower count, all one link to their profile, with
 * Follow, Following or Requested beside it. A visitor's Follow leads to log in, and back here afterwards.
 */
export function CreatorRow({ creator, signedIn }: { creator: UserSearchResult; signedIn: boolean }) {
  const name = authorLabel(creator);
  return (
    <article className="explore-creator">
      <Link className="explore-creator__profile" to={webRoutes.profile(creator.username)}>
        <UserAvatar username={creator.username} src={creator.avatarUrl} size="md" />
        <span className="explore-creator__names">
          <span className="explore-creator__name">{name}</span>
          <span className="explore-creator__username">@{creator.username}</span>
          {creator.followerCount !== null && (
            <span className="explore-creator__followers">
              {followerLabel(creator.followerCount, 'lower')}
            </span>
          )}
        </span>
      </Link>
      {signedIn ? <FollowButton creator={creator} name={name} /> : <FollowToLogIn name={name} />}
    </article>
  );
}

/** The name, for screen readers, so each row's button says whom it follows. */
const Whom = ({ name }: { name: string }) => <span className="visually-hidden"> {name}</span>;

/** Follow, Following or Requested as the list says, patched by this button's own answers. */
function FollowButton({ creator, name }: { creator: UserSearchResult; name: string }) {
  const follow = useFollowCreator(creator.username);
  const status = followStatusOf(creator);
  return (
    <Button
      variant={status === 'none' ? 'primary' : 'secondary'}
      className="explore-creator__follow"
      pending={follow.isPending}
      onClick={() => {
        if (!follow.isPending) {
          follow.mutate(pressFollows(status));
        }
      }}
    >
      {FOLLOW_STATUS_LABELS[status]}
      <Whom name={name} />
    </Button>
  );
}

function FollowToLogIn({ name }: { name: string }) {
  const location = useLocation();
  return (
    <ButtonLink className="explore-creator__follow" to={loginPathFor(location)}>
      {followLabels.follow}
      <Whom name={name} />
    </ButtonLink>
  );
}
