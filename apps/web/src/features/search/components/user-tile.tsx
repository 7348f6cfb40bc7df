import type { UserSearchResult } from '@datebook/contracts';
import { authorLabel, followerLabel } from '@datebook/domain';
import { LockIcon } from '@/ui/icons/action-icons';
import { UserAvatar } from '@/ui/media/user-avatar';
import { searchTexts } from '../search-texts';
import { FollowToggle } from './follow-toggle';
import type { ResultHandlers } from './result-handlers';

/**
 * A member found by name: avatar and names open their popup; then the follower count, or 'Private
 * profile' where a private member keeps it to their followers, so every tile has the same lines;
 * Follow for members.
 */
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
        <p className="user-tile__followers">
          {user.followerCount === null ? (
            <>
              <LockIcon size={14} />
              {searchTexts.privateProfile}
            </>
          ) : (
            followerLabel(user.followerCount, 'lower')
          )}
        </p>
        {handlers.canFollow && (
          <div className="user-tile__follow">
            <FollowToggle user={user} label={name} />
          </div>
        )}
      </article>
    </li>
  );
}
