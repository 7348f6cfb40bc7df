import type { UserSearchResult } from '@datebook/contracts';
import { authorLabel, followerLabel } from '@datebook/domain';
import { UserAvatar } from '@/ui/media/user-avatar';
import { FollowToggle } from './follow-toggle';
import type { ResultHandlers } from './result-handlers';

/** A member found by name: avatar, names and follower count open their popup; Follow for members. */
export function UserTile({ user, handlers }: { user: UserSearchResult; handlers: ResultHandlers }) {
  const name = authorLabel(user);
  return (
    <li>
      <article className="user-tile">
        <button type="button" className="user-tile__open" onClick={() => handlers.openAuthor(user.username)}>
          <UserAvatar username={user.username} src={user.avatarUrl} size="lg" />
          <span className="user-tile__name">{name}</span>
          <span className="user-tile__username">@{user.username}</span>
        </button>
        {user.followerCount !== null && (
          <p className="user-tile__followers">{followerLabel(user.followerCount, 'lower')}</p>
        )}
        {handlers.canFollow && <FollowToggle user={user} label={name} />}
      </article>
    </li>
  );
}
